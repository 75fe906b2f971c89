import { useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { dayAxisLabels, linear, linePath, niceTicks, valueLabelsWidth } from './chart-scale';

export interface LineSeries {
  name: string;
  color: string;
  /** One value per x position; null leaves a gap. */
  values: readonly (number | null)[];
}

interface LineChartProps {
  /** The x positions' days (YYYY-MM-DD), one per value. */
  labels: readonly string[];
  series: readonly LineSeries[];
  height: number;
  formatTick: (value: number) => string;
  /** The tooltip's heading and values. */
  formatTooltipLabel: (label: string) => string;
  formatValue: (value: number) => string;
}

const MARGIN = { top: 12, right: 12, bottom: 26 };
const LEGEND_HEIGHT = 28;
/** Drawn at this width until the box is measured (the height never changes, so nothing moves). */
const FIRST_WIDTH = 600;

/** The width of an element, followed as it changes. */
function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(FIRST_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth || FIRST_WIDTH);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width) || FIRST_WIDTH);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * A line chart in plain SVG: a legend, horizontal grid lines with their values, a few date
 * labels, and a tooltip that follows the pointer. It is a picture only (aria-hidden): the page
 * says the same in text and in a table.
 */
export function LineChart({ labels, series, height, formatTick, formatTooltipLabel, formatValue }: LineChartProps) {
  const [box, width] = useWidth<HTMLDivElement>();
  const [hover, setHover] = useState<number | null>(null);

  const plotHeight = height - LEGEND_HEIGHT;
  const all = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const ticks = niceTicks(Math.min(...all), Math.max(...all));
  const tickTexts = ticks.map(formatTick);
  // The value labels' column is as wide as the longest of them ("-1000.0%" on a phone too).
  const left = valueLabelsWidth(tickTexts);
  const x = linear(0, Math.max(1, labels.length - 1), left, width - MARGIN.right);
  const y = linear(ticks[0] ?? 0, ticks.at(-1) ?? 1, plotHeight - MARGIN.bottom, MARGIN.top);

  // Day labels at least 90 px apart, none repeated; the outer ones kept inside the picture.
  const shownLabels = dayAxisLabels(labels, width - left - MARGIN.right);
  const anchorOf = (at: number) => (at < left + 30 ? 'start' : at > width - MARGIN.right - 30 ? 'end' : 'middle');

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const px = ((event.clientX - rect.left) / Math.max(1, rect.width)) * width;
    const index = Math.round(((px - left) / Math.max(1, width - left - MARGIN.right)) * (labels.length - 1));
    setHover(Math.min(labels.length - 1, Math.max(0, index)));
  };

  const hovered = hover === null ? null : labels[hover];
  return (
    <div className="line-chart" ref={box} style={{ height }} aria-hidden="true">
      <ul className="line-chart__legend">
        {series.map((s) => (
          <li key={s.name}>
            <span className="line-chart__key" style={{ background: s.color }} />
            {s.name}
          </li>
        ))}
      </ul>
      <svg
        width={width}
        height={plotHeight}
        viewBox={`0 0 ${width} ${plotHeight}`}
        focusable="false"
        onPointerMove={onPointerMove}
        onPointerLeave={() => setHover(null)}
      >
        {ticks.map((t, i) => (
          <g key={t}>
            <line x1={left} x2={width - MARGIN.right} y1={y(t)} y2={y(t)} style={{ stroke: 'var(--chart-grid)' }} />
            <text x={left - 6} y={y(t)} dy="0.32em" textAnchor="end" className="line-chart__tick">
              {tickTexts[i]}
            </text>
          </g>
        ))}
        <line
          x1={left}
          x2={width - MARGIN.right}
          y1={plotHeight - MARGIN.bottom}
          y2={plotHeight - MARGIN.bottom}
          style={{ stroke: 'var(--chart-axis)' }}
        />
        {shownLabels.map(({ index, text }) => (
          <text key={index} x={x(index)} y={plotHeight - MARGIN.bottom + 16} textAnchor={anchorOf(x(index))} className="line-chart__tick">
            {text}
          </text>
        ))}
        {series.map((s) => (
          <path
            key={s.name}
            d={linePath(s.values.map((v, i) => (v === null ? null : { x: x(i), y: y(v) })))}
            fill="none"
            style={{ stroke: s.color }}
            strokeWidth={2}
            strokeLinejoin="round"
          />
        ))}
        {hover !== null && (
          <g>
            <line
              x1={x(hover)}
              x2={x(hover)}
              y1={MARGIN.top}
              y2={plotHeight - MARGIN.bottom}
              style={{ stroke: 'var(--chart-axis)' }}
              strokeDasharray="3 3"
            />
            {series.map((s) => {
              const v = s.values[hover];
              return v === null || v === undefined ? null : (
                <circle key={s.name} cx={x(hover)} cy={y(v)} r={3.5} style={{ fill: s.color }} />
              );
            })}
          </g>
        )}
      </svg>
      {hover !== null && typeof hovered === 'string' && (
        <div className="line-chart__tooltip" style={{ left: Math.min(x(hover) + 12, width - 180), top: LEGEND_HEIGHT + MARGIN.top }}>
          <strong>{formatTooltipLabel(hovered)}</strong>
          {series.map((s) => {
            const v = s.values[hover];
            return (
              <span key={s.name} style={{ color: s.color }}>
                {s.name}: {v === null || v === undefined ? 'N/A' : formatValue(v)}
              </span>
            );
          })}
        </div>
      )}
    </div>
  );
}
