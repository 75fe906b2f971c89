import { useCallback, useEffect, useLayoutEffect, useMemo, useState, type ReactNode, type RefObject } from 'react';
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';

/** Rows kept above and below the ones in view, and around the focused row, so scrolling and Tab find them there. */
const OVERSCAN = 12;

/**
 * The rows of a long table that are in view (and OVERSCAN around them), measured as they show; the
 * page scrolls, not the table, so the window is what is watched, the body's place in the page its
 * scroll margin. Spacer rows keep the table as tall as all its rows.
 *
 * The row holding the keyboard's focus, and OVERSCAN rows either side of it, stay in the page
 * whatever the scroll: a row taken out of the page would take the focus with it (Tab would start
 * again from the top of the table), and the rows Tab goes on to are there as soon as the focus
 * moves, without waiting for the scroll that follows it. Rows are keyed by their id, so measuring,
 * sorting or new data never makes a row again.
 *
 * `virtual` false: every row is in the page (a short table); the same component draws it, so a row
 * keeps its element (and the focus) when the table grows past the virtualizer's threshold.
 */
export default function VirtualRows<Row extends { id: string; depth: number }>({
  rows,
  bodyRef,
  columnCount,
  estimateHeight,
  virtual,
  children: renderRow,
}: {
  rows: readonly Row[];
  bodyRef: RefObject<HTMLTableSectionElement | null>;
  columnCount: number;
  estimateHeight: (depth: number) => number;
  virtual: boolean;
  children: (row: Row, index: number, measure?: (node: HTMLTableRowElement | null) => void) => ReactNode;
}) {
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body || !virtual) return;
    const measure = () => setScrollMargin(Math.round(body.getBoundingClientRect().top + window.scrollY));
    measure();
    // What is above the table growing or shrinking (a panel opening, the window's width) moves it.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [bodyRef, virtual]);

  const focusedId = useFocusedRowId(bodyRef);
  const focusedIndex = useMemo(() => (focusedId === null ? -1 : rows.findIndex((row) => row.id === focusedId)), [rows, focusedId]);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (focusedIndex < 0) return indexes;
      const around = new Set(indexes);
      for (let i = Math.max(0, focusedIndex - OVERSCAN); i <= Math.min(range.count - 1, focusedIndex + OVERSCAN); i++) around.add(i);
      return [...around].sort((a, b) => a - b);
    },
    [focusedIndex],
  );

  const virtualizer = useWindowVirtualizer<HTMLTableRowElement>({
    count: rows.length,
    estimateSize: (index) => estimateHeight(rows[index]?.depth ?? 0),
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: OVERSCAN,
    scrollMargin,
    rangeExtractor,
    enabled: virtual,
  });
  if (!virtual) return <>{rows.map((row, index) => renderRow(row, index))}</>;

  const margin = virtualizer.options.scrollMargin;
  const drawn: ReactNode[] = [];
  // Where the rows drawn so far end, from the body's top: a gap before the next one is a spacer.
  let end = 0;
  for (const item of virtualizer.getVirtualItems()) {
    const row = rows[item.index];
    if (!row) continue;
    const start = item.start - margin;
    if (start > end) drawn.push(<SpacerRow key={`gap-before-${row.id}`} height={start - end} columnCount={columnCount} />);
    drawn.push(renderRow(row, item.index, virtualizer.measureElement));
    end = Math.max(end, item.end - margin);
  }
  const below = virtualizer.getTotalSize() - end;
  if (below > 0) drawn.push(<SpacerRow key="gap-at-end" height={below} columnCount={columnCount} />);
  return <>{drawn}</>;
}

/** The id of the row whose cell (a button in it) has the keyboard's focus, or null. */
function useFocusedRowId(bodyRef: RefObject<HTMLTableSectionElement | null>): string | null {
  const [focusedId, setFocusedId] = useState<string | null>(null);
  useEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const rowOf = (target: EventTarget | null) => {
      const tr = target instanceof Element ? target.closest<HTMLTableRowElement>('tr[data-row-id]') : null;
      return tr && body.contains(tr) ? (tr.dataset.rowId ?? null) : null;
    };
    const focusIn = (event: FocusEvent) => setFocusedId(rowOf(event.target));
    const focusOut = (event: FocusEvent) => {
      if (!body.contains(event.relatedTarget as Node | null)) setFocusedId(null);
    };
    body.addEventListener('focusin', focusIn);
    body.addEventListener('focusout', focusOut);
    return () => {
      body.removeEventListener('focusin', focusIn);
      body.removeEventListener('focusout', focusOut);
    };
  }, [bodyRef]);
  return focusedId;
}

/** The height of the rows left out: no content, hidden from assistive technology. */
function SpacerRow({ height, columnCount }: { height: number; columnCount: number }) {
  return (
    <tr aria-hidden="true" className="data-table__spacer">
      <td colSpan={columnCount} style={{ height: Math.round(height) }} />
    </tr>
  );
}
