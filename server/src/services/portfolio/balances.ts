import { accountBalances } from '../../db/schema';
import { recordAudit, type Actor } from '../audit';
import type { ServiceDeps } from '../deps';

export interface Balances {
  cash_available: number;
  margin_debit: number;
  accounts_receivable: number;
}

/** Decimal text, as the input fields hand it on. */
export interface BalancesInput {
  cash_available: string;
  margin_debit: string;
  accounts_receivable: string;
}

type Row = typeof accountBalances.$inferSelect;

const viewOf = (row: Row | undefined): Balances => ({
  cash_available: Number(row?.cashAvailable ?? 0),
  margin_debit: Number(row?.marginDebit ?? 0),
  accounts_receivable: Number(row?.accountsReceivable ?? 0),
});

/** The firm's one balances row; zeros before anyone has saved one. */
export async function getBalances(deps: ServiceDeps): Promise<Balances> {
  const [row] = await deps.db.select().from(accountBalances).limit(1);
  return viewOf(row);
}

export async function saveBalances(deps: ServiceDeps, actor: Actor, input: BalancesInput): Promise<Balances> {
  const now = deps.now();
  const values = {
    cashAvailable: input.cash_available,
    marginDebit: input.margin_debit,
    accountsReceivable: input.accounts_receivable,
    updatedAt: now,
  };
  const row = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(accountBalances).for('update');
    const [after] = await tx
      .insert(accountBalances)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: accountBalances.id, set: values })
      .returning();
    await recordAudit(tx, actor, now, [
      { action: 'balances.update', entity: 'account_balance', entityId: 1, before: before ? viewOf(before) : null, after: viewOf(after) },
    ]);
    return after;
  });
  return viewOf(row);
}
