/**
 * The expected figures of capital-accounts.test.ts, computed apart from the product: integers
 * (BigInt) scaled to cents and to 10^-8 units with half-up division written out here, and the IRR
 * by Newton's method on floating point, which the product does not use (it bisects on decimals).
 * Run: npx tsx server/test/capital/expected-figures.ts
 */
import { ENTRIES, SNAPSHOTS, TODAY, TODAY_VALUE } from './fixture';

const cents = (text: string): bigint => BigInt(text.replace('.', ''));
/** a ÷ b rounded half up, for a, b ≥ 0. */
const divHalfUp = (a: bigint, b: bigint): bigint => (2n * a + b) / (2n * b);
const show = (value: bigint, places: number): string => {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(places + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -places)}.${digits.slice(-places)}`;
};
const navOn = (day: string): bigint => {
  const days = Object.keys(SNAPSHOTS)
    .filter((d) => d <= day)
    .sort();
  return cents(SNAPSHOTS[days.at(-1)!]!);
};

const E8 = 100_000_000n;
let gpUnits = 0n;
const units: Record<string, bigint> = { A: 0n, B: 0n };
const lines: string[] = [];
for (const e of ENTRIES) {
  if (e.kind === 'commitment') continue;
  const nav = navOn(e.date);
  // The first contribution starts the accounts: the net account value at 1,000.00 a unit.
  if (gpUnits === 0n) gpUnits = divHalfUp(nav * E8, 100_000n);
  const outstanding = gpUnits + units.A! + units.B!;
  const bought = divHalfUp(cents(e.amount) * outstanding, nav);
  units[e.lp]! += e.kind === 'contribution' ? bought : -bought;
  lines.push(`${e.lp} ${e.kind} ${e.date}: units ${show(bought, 8)} at ${show(divHalfUp(nav * E8 * E8, outstanding * 100n), 8)}`);
}
const outstanding = gpUnits + units.A! + units.B!;
const nav = cents(TODAY_VALUE);
lines.push(
  `GP units ${show(gpUnits, 8)}; outstanding ${show(outstanding, 8)}; value per unit ${show(divHalfUp(nav * E8 * E8, outstanding * 100n), 8)}`,
);

const valueOf = (u: bigint, navCents: bigint, total: bigint) => divHalfUp(u * navCents, total);

/** Newton's method on floats for Σ a ÷ (1 + r)^(days ÷ 365) = 0. */
function irr(flows: { date: string; amount: number }[]): number {
  const t0 = Date.parse(flows[0]!.date);
  const ts = flows.map((f) => (Date.parse(f.date) - t0) / 86_400_000 / 365);
  let r = 0.1;
  for (let i = 0; i < 100; i += 1) {
    let f = 0;
    let df = 0;
    flows.forEach((flow, k) => {
      f += flow.amount / (1 + r) ** ts[k]!;
      df += (-ts[k]! * flow.amount) / (1 + r) ** (ts[k]! + 1);
    });
    r -= f / df;
  }
  return r;
}

for (const lp of ['A', 'B'] as const) {
  const mine = ENTRIES.filter((e) => e.lp === lp);
  const total = (kind: string) => mine.filter((e) => e.kind === kind).reduce((s, e) => s + cents(e.amount), 0n);
  const contributed = total('contribution');
  const distributed = total('distribution');
  const value = valueOf(units[lp]!, nav, outstanding);
  const ratio = (part: bigint) => show(divHalfUp(part * 10_000n, contributed), 4);
  const flows = [
    ...mine
      .filter((e) => e.kind !== 'commitment')
      .map((e) => ({ date: e.date, amount: (e.kind === 'contribution' ? -1 : 1) * Number(e.amount) })),
    { date: TODAY, amount: Number(show(value, 2)) },
  ];
  lines.push(
    `${lp}: commitment ${show(total('commitment'), 2)} contributed ${show(contributed, 2)} unfunded ${show(total('commitment') - contributed, 2)} ` +
      `distributed ${show(distributed, 2)} units ${show(units[lp]!, 8)} value ${show(value, 2)} DPI ${ratio(distributed)} RVPI ${ratio(value)} ` +
      `TVPI ${ratio(distributed + value)} IRR ${irr(flows).toFixed(4)} (${irr(flows)})`,
  );
}

// 2024-Q3 for A: opening at 2024-06-30 (the 2024-06-28 snapshot), closing at 2024-09-30; no entries.
const unitsUpTo = (lp: string, day: string) => {
  let g = 0n;
  const u: Record<string, bigint> = { A: 0n, B: 0n };
  for (const e of ENTRIES) {
    if (e.kind === 'commitment' || e.date > day) continue;
    const n = navOn(e.date);
    if (g === 0n) g = divHalfUp(n * E8, 100_000n);
    const b = divHalfUp(cents(e.amount) * (g + u.A! + u.B!), n);
    u[e.lp]! += e.kind === 'contribution' ? b : -b;
  }
  return { mine: u[lp]!, all: g + u.A! + u.B! };
};
for (const [from, to] of [
  ['2024-06-30', '2024-09-30'],
  ['2024-09-30', '2024-12-31'],
]) {
  const open = unitsUpTo('A', from!);
  const close = unitsUpTo('A', to!);
  const closing = valueOf(close.mine, navOn(to!), close.all);
  const mine = ENTRIES.filter((e) => e.lp === 'A' && e.kind !== 'commitment' && e.date <= to!);
  const paid = mine.filter((e) => e.kind === 'contribution').reduce((s, e) => s + cents(e.amount), 0n);
  const got = mine.filter((e) => e.kind === 'distribution').reduce((s, e) => s + cents(e.amount), 0n);
  const flows = [
    ...mine.map((e) => ({ date: e.date, amount: (e.kind === 'contribution' ? -1 : 1) * Number(e.amount) })),
    { date: to!, amount: Number(show(closing, 2)) },
  ];
  lines.push(
    `A as of ${to}: DPI ${show(divHalfUp(got * 10_000n, paid), 4)} RVPI ${show(divHalfUp(closing * 10_000n, paid), 4)} ` +
      `TVPI ${show(divHalfUp((got + closing) * 10_000n, paid), 4)} IRR ${irr(flows).toFixed(4)} (${irr(flows)})`,
  );
  lines.push(
    `A ${from}→${to}: opening ${show(valueOf(open.mine, navOn(from!), open.all), 2)} closing ${show(valueOf(close.mine, navOn(to!), close.all), 2)} ` +
      `units ${show(close.mine, 8)} value per unit ${show(divHalfUp(navOn(to!) * E8 * E8, close.all * 100n), 8)}`,
  );
}
console.log(lines.join('\n'));
