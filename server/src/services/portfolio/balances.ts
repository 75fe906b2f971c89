import { accountBalances } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit';
import { usd } from '../../platform/format';
import { lockedCash, moveMoney, type CashMovement } from './trades';
import type { Db, Queryable } from '../../db/open';
import { centsText, dec, type Decimal } from '../../domain/money';
import { recordLedger, writeBooks } from './ledger';
import { fail } from '../../platform/errors';
import { negativeCashRefusal, needsConfirmation, unconfirmedMovement } from './cash-rules';

export interface BalancesDeps {
  db: Db;
  now: () => Date;
  /** A deposit or withdrawal above this amount (decimal text, CASH_CONFIRM_ABOVE) must be confirmed. */
  cashConfirmAbove: string;
}

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

const textsOf = (row: Row) => ({
  cash_available: row.cashAvailable,
  margin_debit: row.marginDebit,
  accounts_receivable: row.accountsReceivable,
});

/** The firm's one balances row; zeros before anyone has saved one. */
export async function getBalances(deps: BalancesDeps): Promise<Balances> {
  const [row] = await deps.db.select().from(accountBalances).limit(1);
  return viewOf(row);
}

export async function saveBalances(deps: BalancesDeps, actor: Actor, input: BalancesInput): Promise<Balances> {
  const now = deps.now();
  const values = {
    cashAvailable: input.cash_available,
    marginDebit: input.margin_debit,
    accountsReceivable: input.accounts_receivable,
    updatedAt: now,
  };
  const row = await writeBooks(deps.db, async (tx) => {
    const [before] = await tx.select().from(accountBalances).for('update');
    const [after] = await tx
      .insert(accountBalances)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: accountBalances.id, set: values })
      .returning();
    await recordAudit(tx, actor, now, [
      {
        action: 'balances.update',
        entity: 'account_balance',
        entityId: 1,
        before: before ? textsOf(before) : null,
        after: after ? textsOf(after) : null,
      },
    ]);
    // Typed-in cash and margin are money put in or taken out, not growth: a flow for the returns.
    const was = { cash: dec(before?.cashAvailable ?? '0'), margin: dec(before?.marginDebit ?? '0') };
    const flow = dec(values.cashAvailable).minus(was.cash).minus(dec(values.marginDebit).minus(was.margin));
    await recordLedger(tx, actor, now, [
      {
        kind: 'balances',
        source: 'balances',
        amount: centsText(dec(values.cashAvailable).minus(was.cash)),
        settles: true,
        cashBefore: centsText(was.cash),
        cashAfter: centsText(dec(values.cashAvailable)),
        flow: centsText(flow),
        details: { before: before ? textsOf(before) : null, after: textsOf(after!) },
      },
    ]);
    return after;
  });
  return viewOf(row);
}

export interface CashMovementRequest extends CashMovement {
  /** The balances panel moves new money only; interest and fees are corporate actions. */
  kind: 'deposit' | 'withdrawal';
  /** Sent once the GP has seen what a movement above the threshold does to Cash Available. */
  confirmed?: boolean | undefined;
}

type MovementCheck = Pick<CashMovement, 'kind' | 'amount' | 'allowNegativeCash'>;

export interface CashMovementPreview {
  cash_before: string;
  cash_after: string;
  confirm_above: string;
  needs_confirmation: boolean;
  /** Why recording it would be refused (the overdraft rule), or null. */
  refusal: string | null;
}

/** What a movement does to Cash Available `before`: the preview the form shows and the check the recording makes. */
function checkMovement(deps: BalancesDeps, before: Decimal, movement: MovementCheck) {
  const amount = dec(movement.amount);
  const threshold = dec(deps.cashConfirmAbove);
  const after = before.plus(movement.kind === 'deposit' ? amount : amount.neg());
  return {
    amount,
    threshold,
    after,
    needsConfirmation: needsConfirmation(amount, threshold),
    refusal: negativeCashRefusal(before, after, movement.allowNegativeCash ?? false),
  };
}

const cashNow = async (db: Queryable): Promise<Decimal> => {
  const [row] = await db.select({ cash: accountBalances.cashAvailable }).from(accountBalances).limit(1);
  return dec(row?.cash ?? '0');
};

/** Cash Available before and after a deposit or withdrawal, whether it needs confirming and whether it would be refused. */
export async function previewCashMovement(deps: BalancesDeps, movement: MovementCheck): Promise<CashMovementPreview> {
  const before = await cashNow(deps.db);
  const check = checkMovement(deps, before, movement);
  return {
    cash_before: centsText(before),
    cash_after: centsText(check.after),
    confirm_above: centsText(check.threshold),
    needs_confirmation: check.needsConfirmation,
    refusal: check.refusal,
  };
}

/**
 * A deposit into or a withdrawal from Cash Available, recorded in the ledger. Below zero only when
 * negative cash is allowed (409 otherwise); above the threshold only once confirmed (400 otherwise).
 */
export async function recordCashMovement(
  deps: BalancesDeps,
  actor: Actor,
  input: CashMovementRequest,
): Promise<{ message: string; cash_available: string }> {
  const cash = await writeBooks(deps.db, async (tx) => {
    const before = await lockedCash(tx);
    const check = checkMovement(deps, before, input);
    if (check.refusal) throw fail.conflict(check.refusal);
    if (check.needsConfirmation && input.confirmed !== true) {
      throw fail.badRequest(unconfirmedMovement(input.kind, check.amount, check.threshold, before, check.after));
    }
    return moveMoney({ db: tx, now: deps.now }, actor, input);
  });
  const what = input.kind === 'deposit' ? 'Deposit' : 'Withdrawal';
  return {
    message: `${what} of ${usd(centsText(dec(input.amount)))} recorded. Cash Available is now ${usd(centsText(cash.after))}.`,
    cash_available: centsText(cash.after),
  };
}
