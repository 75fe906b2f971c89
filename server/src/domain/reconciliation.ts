import type { ReconciliationCash, ReconciliationLine } from '../contract/reconciliation';
import { centsText, dec, plain } from './money';

/**
 * The comparison of a reconciliation (docs/reconciliation.md): every symbol held on either side,
 * with its quantity in the books ("here"), at the broker, and the difference broker − here, exact;
 * the cash likewise when the broker gives it. Clean when nothing differs.
 */
export interface Comparison {
  lines: ReconciliationLine[];
  cash: ReconciliationCash | null;
  differenceCount: number;
  clean: boolean;
}

/** Quantities are decimal text; a symbol missing on one side counts as 0 there. */
export function comparePositions(
  here: ReadonlyMap<string, string>,
  broker: ReadonlyMap<string, string>,
  cash: { here: string; broker: string | null },
): Comparison {
  const symbols = [...new Set([...here.keys(), ...broker.keys()])].sort();
  const lines: ReconciliationLine[] = [];
  for (const symbol of symbols) {
    const ours = dec(here.get(symbol) ?? '0');
    const theirs = dec(broker.get(symbol) ?? '0');
    // A symbol the books hold none of and the broker lists at 0 is no position on either side.
    if (ours.eq(0) && theirs.eq(0)) continue;
    const difference = theirs.minus(ours);
    lines.push({ symbol, here: plain(ours), broker: plain(theirs), difference: plain(difference), agrees: difference.eq(0) });
  }
  let cashLine: ReconciliationCash | null = null;
  if (cash.broker !== null) {
    const difference = dec(cash.broker).minus(dec(cash.here));
    cashLine = {
      here: centsText(dec(cash.here)),
      broker: centsText(dec(cash.broker)),
      difference: centsText(difference),
      agrees: difference.eq(0),
    };
  }
  const differenceCount = lines.filter((l) => !l.agrees).length + (cashLine && !cashLine.agrees ? 1 : 0);
  return { lines, cash: cashLine, differenceCount, clean: differenceCount === 0 };
}

/** The outcome in words, as the page shows it. */
export function comparisonMessage(date: string, differenceCount: number): string {
  if (differenceCount === 0) return `No differences: the portal agrees with the broker on ${date}.`;
  return `${differenceCount} difference${differenceCount === 1 ? '' : 's'} with the broker on ${date}.`;
}
