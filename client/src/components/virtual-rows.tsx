import { useLayoutEffect, useState, type ReactNode, type RefObject } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';

/** Rows kept above and below the ones in view, so scrolling and Tab find them there. */
const OVERSCAN = 12;

/**
 * The rows of a long table that are in view (and OVERSCAN around them), measured as they show; the
 * page scrolls, not the table, so the window is what is watched, the body's place in the page its
 * scroll margin. A spacer row above and one below keep the table as tall as all its rows.
 */
export default function VirtualRows<Row extends { id: string; depth: number }>({
  rows,
  bodyRef,
  columnCount,
  estimateHeight,
  children: renderRow,
}: {
  rows: readonly Row[];
  bodyRef: RefObject<HTMLTableSectionElement | null>;
  columnCount: number;
  estimateHeight: (depth: number) => number;
  children: (row: Row, index: number, measure: (node: HTMLTableRowElement | null) => void) => ReactNode;
}) {
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const measure = () => setScrollMargin(Math.round(body.getBoundingClientRect().top + window.scrollY));
    measure();
    // What is above the table growing or shrinking (a panel opening, the window's width) moves it.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [bodyRef]);
  const virtualizer = useWindowVirtualizer<HTMLTableRowElement>({
    count: rows.length,
    estimateSize: (index) => estimateHeight(rows[index]?.depth ?? 0),
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: OVERSCAN,
    scrollMargin,
  });
  const items = virtualizer.getVirtualItems();
  const margin = virtualizer.options.scrollMargin;
  const first = items[0];
  const last = items.at(-1);
  const above = first ? first.start - margin : 0;
  const below = last ? virtualizer.getTotalSize() - (last.end - margin) : 0;
  return (
    <>
      {above > 0 && <SpacerRow height={above} columnCount={columnCount} />}
      {items.map((item) => {
        const row = rows[item.index];
        return row ? renderRow(row, item.index, virtualizer.measureElement) : null;
      })}
      {below > 0 && <SpacerRow height={below} columnCount={columnCount} />}
    </>
  );
}

/** The height of the rows left out: no content, hidden from assistive technology. */
function SpacerRow({ height, columnCount }: { height: number; columnCount: number }) {
  return (
    <tr aria-hidden="true" className="data-table__spacer">
      <td colSpan={columnCount} style={{ height: Math.round(height) }} />
    </tr>
  );
}
