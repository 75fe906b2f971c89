import { centsText, dec } from '../../domain/money';
import type { Actor } from '../../platform/audit';
import { feeNote, purchase, type PurchaseDeps } from '../portfolio/holdings';
import { feeAboveGross, lockedCash, sellLots } from '../portfolio/trades';
import { negativeCashRefusal } from '../portfolio/cash-rules';
import { costBasisOf } from '../../domain/fifo';
import { qty, usd } from '../../platform/format';
import type { TradeProposal } from './proposal';

/** A trade the assistant carried out, or why it could not be. */
export type Executed =
  { ok: true; message: string; bought?: { symbol: string; assetType: 'stock' | 'crypto' } } | { ok: false; message: string };

/** Carries out exactly the stored proposal, inside the caller's transaction (deps.db); assistant trades settle against cash. */
export async function executeTrade(deps: PurchaseDeps, actor: Actor, proposal: TradeProposal): Promise<Executed> {
  return proposal.kind === 'buy' ? executeBuy(deps, actor, proposal) : executeSell(deps, actor, proposal);
}

const cashChange = (cash: { before: { toFixed(dp: number): string }; after: { toFixed(dp: number): string } } | null) =>
  cash ? ` Cash Available went from ${usd(cash.before.toFixed(2))} to ${usd(cash.after.toFixed(2))}.` : '';

/** The same purchase as Add Investment's, paid from cash. */
async function executeBuy(deps: PurchaseDeps, actor: Actor, p: Extract<TradeProposal, { kind: 'buy' }>): Promise<Executed> {
  // Cash may have moved since the proposal: without margin, a buy it no longer covers is not made
  // (answered, not thrown, so the confirmation is still used up).
  const before = await lockedCash(deps.db);
  const overdraft = negativeCashRefusal(before, before.minus(dec(centsText(costBasisOf(p.quantity, p.price, p.fee)))), p.allowNegativeCash);
  if (overdraft) return { ok: false, message: `Nothing was bought: ${overdraft}` };
  const order = {
    symbol: p.symbol,
    asset_type: p.assetType,
    purchases: [{ qty: p.quantity, price_paid: p.price, purchase_date: p.date, fee: p.fee }],
    settles: true,
    allow_negative_cash: p.allowNegativeCash,
  };
  const bought = await purchase(deps, actor, order, 'assistant');
  return {
    ok: true,
    bought: { symbol: p.symbol, assetType: p.assetType },
    message:
      `Done: bought ${qty(p.quantity)} ${p.symbol} at ${usd(p.price)} on ${p.date} (${usd(centsText(bought.cost))}), added as a new lot.` +
      cashChange(bought.cash),
  };
}

async function executeSell(deps: PurchaseDeps, actor: Actor, p: Extract<TradeProposal, { kind: 'sell' }>): Promise<Executed> {
  const order = { symbol: p.symbol, qty: p.quantity, price: p.price, fee: p.fee, settles: true, source: 'assistant' as const };
  const sold = await sellLots(deps, actor, order);
  if (!sold.ok && 'feeAbove' in sold) return { ok: false, message: `Nothing was sold: ${feeAboveGross(p.fee, sold.feeAbove)}` };
  if (!sold.ok) {
    return {
      ok: false,
      message: `Nothing was sold: the firm now holds only ${qty(sold.held.toFixed())} ${p.symbol}, less than the ${qty(p.quantity)} you confirmed.`,
    };
  }
  const byId = new Map(sold.lots.map((l) => [l.id, l]));
  const detail = sold.sale.takes
    .map(
      (t) =>
        `${qty(t.qty.toFixed())} from the lot of ${byId.get(t.lotId)?.purchaseDate}${t.remainingQty.eq(0) ? ' (closed)' : ` (${qty(t.remainingQty.toFixed())} left)`}`,
    )
    .join(', ');
  const gain = sold.sale.realizedGain;
  return {
    ok: true,
    message:
      `Done: sold ${qty(p.quantity)} ${p.symbol} at ${usd(p.price)} (${usd(centsText(sold.sale.proceeds))}${feeNote(sold.sale.fee)}): ${detail}. ` +
      `Realized ${gain.gte(0) ? 'gain' : 'loss'}: ${usd(centsText(dec(gain).abs()))}.` +
      cashChange(sold.cash),
  };
}
