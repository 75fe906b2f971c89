import { formatAxisDate } from '../../lib/format';

/** Plain arithmetic for drawing the charts (screen coordinates only; every figure shown as text comes from decimal strings). */

/** "Nice" tick values covering [min, max], about `count` of them (1, 2, 2.5 or 5 times a power of ten apart). */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0];
  if (min === max) {
    const pad = Math.abs(min) * 0.05 || 1;
    return niceTicks(min - pad, max + pad, count);
  }
  const raw = (max - min) / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const first = Math.floor(min / step) * step;
  const ticks: number[] = [];
  for (let v = first; v <= max + step * 0.5; v += step) ticks.push(Number(v.toFixed(10)));
  if ((ticks.at(-1) ?? max) < max) ticks.push(Number((first + ticks.length * step).toFixed(10)));
  return ticks;
}

/** A linear map from [d0, d1] to [r0, r1]. */
export function linear(d0: number, d1: number, r0: number, r1: number): (v: number) => number {
  const span = d1 - d0 || 1;
  return (v) => r0 + ((v - d0) / span) * (r1 - r0);
}

/** An SVG path through the points, skipping gaps (null values) by starting a new segment. */
export function linePath(points: readonly ({ x: number; y: number } | null)[]): string {
  let d = '';
  let pen = false;
  for (const p of points) {
    if (!p) {
      pen = false;
      continue;
    }
    d += `${pen ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`;
    pen = true;
  }
  return d;
}

/** One donut slice from angle a0 to a1 (radians, 0 at twelve o'clock, clockwise). */
export function arcPath(cx: number, cy: number, outer: number, inner: number, a0: number, a1: number): string {
  // A full circle cannot be one arc: draw it as two halves.
  if (a1 - a0 >= Math.PI * 2 - 1e-9) {
    const mid = a0 + Math.PI;
    return `${arcPath(cx, cy, outer, inner, a0, mid)}${arcPath(cx, cy, outer, inner, mid, a1)}`;
  }
  const at = (r: number, a: number) => `${(cx + r * Math.sin(a)).toFixed(2)},${(cy - r * Math.cos(a)).toFixed(2)}`;
  const large = a1 - a0 > Math.PI ? 1 : 0;
  return `M${at(outer, a0)}A${outer},${outer} 0 ${large} 1 ${at(outer, a1)}L${at(inner, a1)}A${inner},${inner} 0 ${large} 0 ${at(inner, a0)}Z`;
}

const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * Labels for a few of the days (YYYY-MM-DD) of an axis, at least `spacing` pixels apart on a plot
 * `plotWidth` wide: the day ("Oct 6") when the series spans up to about five months, the month
 * ("Oct 2026") beyond; a label that would repeat the one before it is left out.
 */
export function dayAxisLabels(dates: readonly string[], plotWidth: number, spacing = 90): { index: number; text: string }[] {
  const first = dates[0];
  const last = dates.at(-1);
  if (first === undefined || last === undefined) return [];
  const spanDays = (dayOf(last).getTime() - dayOf(first).getTime()) / 86_400_000;
  const month = spanDays > 150;
  const every = Math.max(1, Math.ceil(dates.length / Math.max(1, Math.floor(plotWidth / spacing))));
  const labels: { index: number; text: string }[] = [];
  dates.forEach((date, index) => {
    if (index % every !== 0) return;
    const text = formatAxisDate(date, { month });
    if (labels.at(-1)?.text !== text) labels.push({ index, text });
  });
  return labels;
}

/** Room for the longest of the value labels left of the plot, at about `charWidth` pixels a character. */
export function valueLabelsWidth(labels: readonly string[], charWidth = 7): number {
  return Math.max(40, Math.ceil(Math.max(0, ...labels.map((l) => l.length)) * charWidth) + 12);
}
