import type { Column } from '../../components/data-table';
import {
  easternDayOf,
  formatCalendarDate,
  formatCurrency,
  formatEasternDateTime,
  formatEasternTime,
  formatPrice,
  formatQuantity,
  formatSignedCurrency,
  toneOf,
} from '../../lib/format';
import { KIND_LABELS, SOURCE_LABELS, type AuditEvent, type LedgerEntry } from './activity-types';
import { changeText, describeAction, describeChanges, NOTHING, type FieldChange } from './audit-changes';

const detailsOf = (entry: LedgerEntry): Record<string, unknown> =>
  entry.details && typeof entry.details === 'object' && !Array.isArray(entry.details) ? (entry.details as Record<string, unknown>) : {};

const when = (at: string) => formatEasternDateTime(at, NOTHING, { zone: false });

/**
 * When an entry happened: the day it belongs to in the books first (an opening lot's purchase day),
 * then when it was recorded, small: the time alone on the same day, the whole moment otherwise.
 */
function whenOf(entry: LedgerEntry): { day: string; recorded: string } {
  const sameDay = easternDayOf(entry.at) === entry.book_date;
  return {
    day: formatCalendarDate(entry.book_date),
    recorded: sameDay ? formatEasternTime(entry.at) : `Recorded ${when(entry.at)}`,
  };
}

/** What a balances edit changed, each balance before → after (receivables and margin move no cash). */
function balanceChanges(entry: LedgerEntry): FieldChange[] {
  if (entry.kind !== 'balances') return [];
  const details = detailsOf(entry);
  // Cash has its own column; the others (margin debit, receivables) are said here.
  return describeChanges(details.before, details.after).filter((c) => c.field !== 'cash_available');
}

/** A balances edit that left Cash Available as it was moved no money: no amount, rather than $0.00. */
function amountText(entry: LedgerEntry): string {
  if (entry.kind === 'balances' && entry.amount !== null && Number(entry.amount) === 0) return NOTHING;
  return formatCurrency(entry.amount, NOTHING);
}

/** A lot's symbol, or a private asset's name. */
function subjectOf(entry: LedgerEntry): string {
  const name = detailsOf(entry).name;
  return entry.symbol ?? (typeof name === 'string' && name !== '' ? name : NOTHING);
}

const TRADES = new Set<LedgerEntry['kind']>(['buy', 'sell', 'correction']);

/** Cash Available before → after, for an entry that settled against it. */
function cashText(entry: LedgerEntry): string {
  if (entry.settles && entry.cash_before !== null && entry.cash_after !== null) {
    return `${formatCurrency(entry.cash_before)} → ${formatCurrency(entry.cash_after)}`;
  }
  return TRADES.has(entry.kind) ? 'Not settled' : NOTHING;
}

function sourceText(entry: LedgerEntry): string {
  return detailsOf(entry).opening === true ? 'Opening lot' : SOURCE_LABELS[entry.source];
}

export const LEDGER_COLUMNS: Column<LedgerEntry>[] = [
  {
    key: 'at',
    header: 'When',
    text: (e) => {
      const { day, recorded } = whenOf(e);
      return `${day} · ${recorded}`;
    },
    cell: (e) => {
      const { day, recorded } = whenOf(e);
      return (
        <span className="activity__when">
          <time dateTime={e.book_date}>{day}</time>
          <time className="activity__sub" dateTime={e.at}>
            {recorded}
          </time>
        </span>
      );
    },
  },
  {
    key: 'kind',
    header: 'Kind',
    text: (e) => [KIND_LABELS[e.kind], ...balanceChanges(e).map(changeText)].join('; '),
    cell: (e) => {
      const changes = balanceChanges(e);
      return (
        <span>
          {KIND_LABELS[e.kind]}
          {changes.map((c) => (
            <span key={c.field} className="activity__sub">
              {changeText(c)}
            </span>
          ))}
        </span>
      );
    },
    className: 'activity__wrap',
  },
  { key: 'symbol', header: 'Symbol', text: subjectOf, className: 'activity__subject' },
  { key: 'qty', header: 'Quantity', text: (e) => formatQuantity(e.qty, NOTHING), className: 'activity__number' },
  { key: 'price', header: 'Price', text: (e) => formatPrice(e.price, NOTHING), className: 'activity__number' },
  { key: 'amount', header: 'Amount', text: amountText, className: 'activity__number' },
  {
    key: 'realized_gain',
    header: 'Realized Gain',
    text: (e) => formatSignedCurrency(e.realized_gain, NOTHING),
    cell: (e) => <span className={`activity__tone--${toneOf(e.realized_gain)}`}>{formatSignedCurrency(e.realized_gain, NOTHING)}</span>,
    className: 'activity__number',
  },
  { key: 'cash', header: 'Cash Available', text: cashText, className: 'activity__wrap' },
  { key: 'who', header: 'Who', text: (e) => e.actor_email },
  { key: 'source', header: 'Source', text: sourceText, className: 'activity__wrap' },
];

const whoText = (e: AuditEvent) => (e.via === 'assistant' ? `${e.actor_email} via the AI assistant` : e.actor_email);

export const AUDIT_COLUMNS: Column<AuditEvent>[] = [
  {
    key: 'at',
    header: 'When',
    text: (e) => when(e.at),
    cell: (e) => <time dateTime={e.at}>{when(e.at)}</time>,
  },
  { key: 'who', header: 'Who', text: whoText },
  { key: 'what', header: 'What', text: describeAction },
  {
    key: 'changes',
    header: 'Before → After',
    text: (e) => describeChanges(e.before, e.after).map(changeText).join('; ') || 'No field changed',
    cell: (e) => {
      const changes = describeChanges(e.before, e.after);
      if (changes.length === 0) return <span className="activity__sub">No field changed</span>;
      return (
        <ul className="activity__changes">
          {changes.map((c) => (
            <li key={c.field}>
              <span className="activity__field">{c.label}:</span>{' '}
              {c.before !== null && c.after !== null ? (
                <>
                  <span className="activity__old">{c.before}</span>
                  <span aria-hidden="true"> → </span>
                  <span className="visually-hidden"> changed to </span>
                  <span className="activity__new">{c.after}</span>
                </>
              ) : (
                <span className={c.after !== null ? 'activity__new' : 'activity__old'}>{c.after ?? c.before}</span>
              )}
            </li>
          ))}
        </ul>
      );
    },
    className: 'activity__changes-cell',
  },
];
