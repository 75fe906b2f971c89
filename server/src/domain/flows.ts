import type { LedgerKind } from '../contract/ledger';
import { externalFlowKinds, isExternalFlow } from './returns';

/**
 * Which kinds of ledger entry can carry new money (an external flow) and which are the
 * portfolio's own income or expense (docs/decisions/0011-corporate-actions-and-income.md).
 *
 * External: deposits and withdrawals; purchases recorded from outside (not paid from Cash
 * Available) and sales not settled into it; trash-button corrections; balance edits; private
 * assets added, removed or resized. Each such entry states its new money in `flow`.
 *
 * Never external (their `flow` is always 0): splits (and their cash in lieu), dividends, interest
 * received, margin interest charged and other fees. Dividends and interest are income; margin
 * interest and fees are expenses; both are part of the return, never new money. Settled buys and
 * sells only turn cash into shares and back.
 */
export const EXTERNAL_FLOW_KINDS: readonly LedgerKind[] = externalFlowKinds();

/** Income and expense kinds: part of the return, never new money. */
export const INCOME_KINDS = ['dividend', 'interest'] as const satisfies readonly LedgerKind[];
export const EXPENSE_KINDS = ['margin_interest', 'fee'] as const satisfies readonly LedgerKind[];

/** Whether an entry of this kind may carry new money; when not, its flow is 0. The returns' one selection (domain/returns.ts). */
export const mayBeExternalFlow = (kind: LedgerKind): boolean => isExternalFlow(kind);
