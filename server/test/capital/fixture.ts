/**
 * Two limited partners over two years (the capital accounts' test fixture): the firm's net account value on
 * each day that matters (stored as snapshots by the test), and the entries recorded in order.
 * Both the product's test and expected-figures.ts (which computes the expected figures apart
 * from the product) read this file.
 */

/** The test's clock: 2025-09-30 at noon in New York. */
export const NOW = '2025-09-30T16:00:00Z';
export const TODAY = '2025-09-30';

/** Net account value by day, in dollars (cents as text). */
export const SNAPSHOTS: Record<string, string> = {
  '2023-07-03': '5000000.00',
  '2023-09-29': '5380000.00',
  '2023-10-02': '5600000.00',
  '2023-12-29': '5750000.00',
  '2024-03-01': '6100000.00',
  '2024-03-28': '6180000.00',
  '2024-06-28': '6500000.00',
  // 2024-Q3 loses money.
  '2024-09-30': '5900000.00',
  '2024-12-16': '6400000.00',
  '2024-12-31': '6250000.00',
  '2025-02-03': '6300000.00',
  '2025-03-31': '6520000.00',
  '2025-05-15': '6700000.00',
  '2025-06-30': '6900000.00',
};

/** Cash Available set at the end, with nothing else held: today's net account value. */
export const TODAY_VALUE = '7200000.00';

export interface FixtureEntry {
  lp: 'A' | 'B';
  kind: 'commitment' | 'contribution' | 'distribution';
  amount: string;
  date: string;
}

export const ENTRIES: FixtureEntry[] = [
  { lp: 'A', kind: 'commitment', amount: '1000000.00', date: '2023-07-03' },
  { lp: 'B', kind: 'commitment', amount: '500000.00', date: '2023-07-03' },
  { lp: 'A', kind: 'contribution', amount: '400000.00', date: '2023-07-03' },
  { lp: 'B', kind: 'contribution', amount: '250000.00', date: '2023-10-02' },
  { lp: 'A', kind: 'contribution', amount: '300000.00', date: '2024-03-01' },
  { lp: 'A', kind: 'distribution', amount: '150000.00', date: '2024-12-16' },
  { lp: 'B', kind: 'contribution', amount: '100000.00', date: '2025-02-03' },
  { lp: 'B', kind: 'distribution', amount: '80000.00', date: '2025-05-15' },
  { lp: 'A', kind: 'distribution', amount: '200000.00', date: '2025-06-30' },
];
