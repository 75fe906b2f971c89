import { useState, type FormEvent } from 'react';
import { OFFICIAL_NAV_DAY_RULE, officialNavInput } from '@contract/history-rebuild';
import { addDays, isCalendarDay } from '@domain/dates';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/router';
import { messageOf } from '../../api/errors';
import { trpc } from '../../api/trpc';
import { AmountField } from '../../components/amount-field';
import { ConfirmRemoval } from '../../components/confirm-removal';
import { DataTable, type Column } from '../../components/data-table';
import { TextField } from '../../components/text-field';
import { easternDayOf, formatCalendarDate, formatCurrency, formatEasternDateTime } from '../../lib/format';
import { useToast } from '../../lib/notify';
import { useFieldErrors } from '../../lib/use-field-errors';

type OfficialNav = inferRouterOutputs<AppRouter>['portfolio']['officialNav']['list']['navs'][number];

export const OFFICIAL_NAV_FAILED = 'Failed to set the official net account value';

/** Yesterday in New York: the latest day an official value can be set for. */
const yesterdayInNewYork = () => addDays(easternDayOf(new Date()) ?? '', -1);

const columns: Column<OfficialNav>[] = [
  { key: 'date', header: 'Date', text: (n) => formatCalendarDate(n.date), sort: 'date', sortValue: (n) => n.date },
  {
    key: 'value',
    header: 'Official value',
    text: (n) => formatCurrency(n.value),
    sort: 'decimal',
    sortValue: (n) => n.value,
    className: 'num',
  },
  {
    key: 'computed',
    header: 'Computed value',
    text: (n) => formatCurrency(n.computed, 'none'),
    sort: 'decimal',
    sortValue: (n) => n.computed,
    className: 'num',
  },
  { key: 'note', header: 'Note', text: (n) => n.note },
  { key: 'set_by', header: 'Set by', text: (n) => n.set_by },
  { key: 'set_at', header: 'Set', text: (n) => formatEasternDateTime(n.set_at), sort: 'date', sortValue: (n) => n.set_at },
];

/**
 * The GP's official net account values (docs/decisions/0018-history-from-the-first-entry.md): the
 * figure a fund administrator struck for a past day, which capital accounts use in place of the
 * computed one. Setting and removing one asks for a second factor first (the step-up link).
 */
export function OfficialNavs({ onChanged }: { onChanged: () => Promise<void> }) {
  const notify = useToast();
  const utils = trpc.useUtils();
  const navs = trpc.portfolio.officialNav.list.useQuery();
  const set = trpc.portfolio.officialNav.set.useMutation();
  const remove = trpc.portfolio.officialNav.remove.useMutation();
  const [date, setDate] = useState(yesterdayInNewYork);
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const [removing, setRemoving] = useState<OfficialNav | null>(null);
  const { formRef, errors, validate, edit } = useFieldErrors();

  const refresh = async () => {
    await Promise.all([utils.portfolio.officialNav.invalidate(), onChanged()]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    const day = date.trim();
    const input = { date: day, value: value.replace(/\.$/, '') || '0', ...(note.trim() ? { note: note.trim() } : {}) };
    const today = easternDayOf(new Date()) ?? '';
    if (!validate(officialNavInput, input, { date: isCalendarDay(day) && day >= today && OFFICIAL_NAV_DAY_RULE }).ok) return;
    set.mutate(input, {
      onSuccess: async (answer) => {
        await refresh();
        setValue('');
        setNote('');
        notify.success(answer.message);
      },
      onError: (error) => setProblem(messageOf(error, OFFICIAL_NAV_FAILED)),
    });
  };

  return (
    <section className="capital" aria-labelledby="official-navs-title">
      <h2 id="official-navs-title" className="capital__title">
        Official net account values
      </h2>
      <p className="capital-fund">
        The figure a fund administrator struck for a past day. Capital accounts, their history and statements use it in place of the
        computed value, marked official.
      </p>
      {navs.isPending ? (
        <p className="capital__status" role="status">
          Loading official values...
        </p>
      ) : navs.isError ? (
        <p className="capital__status capital__status--error" role="alert">
          {messageOf(navs.error, 'The official values could not be loaded.')}
        </p>
      ) : navs.data.navs.length === 0 ? (
        <p className="capital__empty">No official values: every day uses the computed value.</p>
      ) : (
        <DataTable
          label="Official values"
          columns={columns}
          rows={navs.data.navs}
          rowKey={(n) => n.date}
          actions={{
            header: 'Remove',
            cell: (n) => (
              <button type="button" className="button button--outline button--small" onClick={() => setRemoving(n)}>
                Remove <span className="visually-hidden">the official value of {formatCalendarDate(n.date)}</span>
              </button>
            ),
          }}
        />
      )}
      <h3 className="capital__subtitle">Set an official value</h3>
      <form ref={formRef} className="capital-entry-form" onSubmit={submit} noValidate aria-label="Set an official net account value">
        <TextField
          label="Day"
          name="date"
          type="date"
          required
          max={yesterdayInNewYork()}
          value={date}
          error={errors.date}
          onChange={edit('date', setDate)}
        />
        <AmountField label="Official value" name="value" value={value} error={errors.value} onChange={edit('value', setValue)} />
        <TextField
          label="Note (optional)"
          name="note"
          autoComplete="off"
          maxLength={500}
          value={note}
          error={errors.note}
          onChange={edit('note', setNote)}
        />
        <button type="submit" className="button" disabled={set.isPending}>
          {set.isPending ? 'Setting...' : 'Set official value'}
        </button>
        <p className="capital-entry-form__problem" role="alert">
          {problem}
        </p>
      </form>
      <ConfirmRemoval
        item={removing}
        title="Remove this official value?"
        question={(n) =>
          `The official value of ${formatCurrency(n.value)} on ${formatCalendarDate(n.date)} goes; the computed value counts again.`
        }
        busy={remove.isPending}
        onRemove={(n) => remove.mutateAsync({ date: n.date })}
        onClose={() => setRemoving(null)}
        onRemoved={refresh}
        failure="Failed to remove the official value"
      />
    </section>
  );
}
