import { centsText, type Decimal } from '../../domain/money';
import { usd } from '../../platform/format';

/**
 * The overdraft rule of every movement of Cash Available that settles (a withdrawal, a purchase paid
 * from cash, the assistant's buy, a capital distribution): one that would take it below zero is
 * refused unless the caller allows negative cash (margin). A movement that adds cash never is.
 */
export function negativeCashRefusal(before: Decimal, after: Decimal, allowNegativeCash: boolean): string | null {
  if (allowNegativeCash || after.gte(0) || after.gte(before)) return null;
  return (
    `Cash Available would go from ${usd(centsText(before))} to ${usd(centsText(after))}. ` +
    'It cannot go below zero unless you allow negative cash (margin).'
  );
}

/** A deposit or withdrawal above the confirmation threshold (CASH_CONFIRM_ABOVE) is recorded only once confirmed. */
export const needsConfirmation = (amount: Decimal, threshold: Decimal): boolean => amount.gt(threshold);

export function unconfirmedMovement(kind: 'deposit' | 'withdrawal', amount: Decimal, threshold: Decimal, before: Decimal, after: Decimal) {
  return (
    `A ${kind} of ${usd(centsText(amount))} is above ${usd(centsText(threshold))}, so it must be confirmed: ` +
    `Cash Available would go from ${usd(centsText(before))} to ${usd(centsText(after))}. Confirm it (confirmed: true) to record it.`
  );
}
