import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/open';
import { holdings } from '../../db/schema';
import { DEFAULT_EXCHANGE } from '../../domain/asset-rules';
import { recordAudit, type Actor } from '../audit';
import { qty, usd } from './format';
import { fifoPlan, lotsOf, type TradeProposal } from './proposal';

/** A trade the assistant carried out, or why it could not be. */
export type Executed = { ok: true; message: string } | { ok: false; message: string };

/** Carries out exactly the stored proposal, inside the caller's transaction. */
export async function executeTrade(tx: Tx, actor: Actor, proposal: TradeProposal, at: Date): Promise<Executed> {
  return proposal.kind === 'buy' ? executeBuy(tx, actor, proposal, at) : executeSell(tx, actor, proposal, at);
}

async function executeBuy(tx: Tx, actor: Actor, p: Extract<TradeProposal, { kind: 'buy' }>, at: Date): Promise<Executed> {
  // A symbol already held keeps its exchange for quote links.
  const [held] = await tx.select({ exchange: holdings.exchange }).from(holdings).where(eq(holdings.symbol, p.symbol)).limit(1);
  const [lot] = await tx
    .insert(holdings)
    .values({
      symbol: p.symbol,
      assetType: p.assetType,
      exchange: p.assetType === 'crypto' ? null : (held?.exchange ?? DEFAULT_EXCHANGE),
      qty: p.quantity,
      pricePaid: p.price,
      purchaseDate: p.date,
      createdBy: actor.id,
    })
    .returning();
  if (!lot) throw new Error('the new lot was not stored');
  await recordAudit(tx, actor, at, [
    {
      action: 'holding.add',
      entity: 'holding',
      entityId: lot.id,
      after: { id: lot.id, symbol: p.symbol, qty: Number(p.quantity), price_paid: Number(p.price), purchase_date: p.date, asset_type: p.assetType },
    },
  ]);
  return {
    ok: true,
    message: `Done: bought ${qty(p.quantity)} ${p.symbol} at ${usd(Number(p.price))} on ${p.date} (${usd(Number(p.quantity) * Number(p.price))}), added as a new lot.`,
  };
}

async function executeSell(tx: Tx, actor: Actor, p: Extract<TradeProposal, { kind: 'sell' }>, at: Date): Promise<Executed> {
  // Locked, so a sell and a trash click (or two sells) cannot take the same shares twice.
  const lots = await lotsOf(tx, p.symbol, true);
  const held = lots.reduce((t, l) => t + Number(l.qty), 0);
  if (Number(p.quantity) > held + 1e-9) {
    return { ok: false, message: `Nothing was sold: the firm now holds only ${qty(held)} ${p.symbol}, less than the ${qty(p.quantity)} you confirmed.` };
  }
  const steps = fifoPlan(lots.map((l) => ({ id: l.id, qty: l.qty, purchaseDate: l.purchaseDate })), p.quantity);
  let realized = 0;
  for (const step of steps) {
    const lot = lots.find((l) => l.id === step.id);
    if (!lot) continue;
    realized += Number(step.take) * (Number(p.price) - Number(lot.pricePaid));
    const before = { id: lot.id, symbol: lot.symbol, qty: Number(lot.qty), price_paid: Number(lot.pricePaid), purchase_date: lot.purchaseDate };
    if (Number(step.left) === 0) {
      await tx.delete(holdings).where(eq(holdings.id, lot.id));
    } else {
      await tx.update(holdings).set({ qty: step.left }).where(eq(holdings.id, lot.id));
    }
    await recordAudit(tx, actor, at, [
      {
        action: Number(step.left) === 0 ? 'holding.sell' : 'holding.sell-part',
        entity: 'holding',
        entityId: lot.id,
        before,
        after: Number(step.left) === 0 ? null : { ...before, qty: Number(step.left), sold: Number(step.take), sale_price: Number(p.price) },
      },
    ]);
  }
  const detail = steps
    .map((s) => `${qty(s.take)} from the lot of ${s.purchaseDate}${Number(s.left) === 0 ? ' (closed)' : ` (${qty(s.left)} left)`}`)
    .join(', ');
  return {
    ok: true,
    message:
      `Done: sold ${qty(p.quantity)} ${p.symbol} at ${usd(Number(p.price))} (${usd(Number(p.quantity) * Number(p.price))}): ${detail}. ` +
      `Realized ${realized >= 0 ? 'gain' : 'loss'}: ${usd(Math.abs(realized))}.`,
  };
}
