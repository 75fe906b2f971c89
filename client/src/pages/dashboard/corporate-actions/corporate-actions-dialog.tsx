import { useState, type FormEvent } from 'react';
import { messageOf } from '../../../api/errors';
import { trpc } from '../../../api/trpc';
import { Dialog } from '../../../components/dialog';
import { TextField } from '../../../components/text-field';
import { AllowNegativeCash } from '../../../components/allow-negative-cash';
import { useContractSchema } from '../../../lib/use-contract-schema';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useToast } from '../../../lib/notify';
import { formatCalendarDate } from '../../../lib/format';
import { useRefreshPortfolio } from '../use-portfolio';
import './corporate-actions.css';

const loadInput = () => import('@contract/corporate-actions').then((contract) => contract.corporateActionInput);

export const CORPORATE_ACTION_FAILED = 'Failed to record the corporate action.';
export const REMOVE_ACTION_FAILED = 'Failed to remove the entry.';

type ActionKind = 'split' | 'dividend' | 'interest' | 'margin_interest' | 'fee';

/** The kinds the dialog records, in the order its select offers them. */
export const ACTION_LABELS: Record<ActionKind, string> = {
  split: 'Split or reverse split',
  dividend: 'Cash dividend',
  interest: 'Interest received',
  margin_interest: 'Margin interest charged',
  fee: 'Other fee (custody, data)',
};

interface Fields {
  symbol: string;
  ratio: string;
  ex_date: string;
  pay_date: string;
  cash_in_lieu_price: string;
  amount_per_share: string;
  tax_kind: 'none' | 'percent' | 'amount';
  tax: string;
  amount: string;
  note: string;
}

const EMPTY: Fields = {
  symbol: '',
  ratio: '',
  ex_date: '',
  pay_date: '',
  cash_in_lieu_price: '',
  amount_per_share: '',
  tax_kind: 'none',
  tax: '',
  amount: '',
  note: '',
};

/** What the form sends for the chosen kind: only that kind's fields, blanks left out. */
export function actionInput(kind: ActionKind, f: Fields, allowNegative: boolean) {
  const trimmed = (v: string) => v.replace(/,/g, '').trim();
  if (kind === 'split') {
    return {
      kind,
      symbol: f.symbol.trim(),
      ratio: f.ratio.trim(),
      ex_date: f.ex_date,
      ...(trimmed(f.cash_in_lieu_price) ? { cash_in_lieu_price: trimmed(f.cash_in_lieu_price) } : {}),
      note: f.note,
    };
  }
  if (kind === 'dividend') {
    return {
      kind,
      symbol: f.symbol.trim(),
      amount_per_share: trimmed(f.amount_per_share),
      ex_date: f.ex_date,
      pay_date: f.pay_date,
      ...(f.tax_kind === 'percent' && trimmed(f.tax) ? { tax_withheld_percent: trimmed(f.tax) } : {}),
      ...(f.tax_kind === 'amount' && trimmed(f.tax) ? { tax_withheld_amount: trimmed(f.tax) } : {}),
      note: f.note,
    };
  }
  return { kind, amount: trimmed(f.amount), note: f.note, ...(kind !== 'interest' && allowNegative ? { allow_negative_cash: true } : {}) };
}

/** The GP dashboard's Corporate Actions dialog: splits, dividends, interest and fees, and the corrections of those recorded. */
export function CorporateActionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} title="Corporate Actions" onClose={onClose}>
      {open && <CorporateActionsForm onDone={onClose} />}
    </Dialog>
  );
}

function CorporateActionsForm({ onDone }: { onDone: () => void }) {
  const notify = useToast();
  const refresh = useRefreshPortfolio();
  const utils = trpc.useUtils();
  const record = trpc.portfolio.corporateActions.record.useMutation();
  const schema = useContractSchema(loadInput);
  const [kind, setKind] = useState<ActionKind>('split');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [allowNegative, setAllowNegative] = useState(false);
  const [error, setError] = useState('');
  const { formRef, errors, validate, clear, reset } = useFieldErrors();

  const set = (name: keyof Fields) => (value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    clear(name === 'tax' ? (fields.tax_kind === 'percent' ? 'tax_withheld_percent' : 'tax_withheld_amount') : name);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    const input = actionInput(kind, fields, allowNegative);
    if (!validate(await schema.ready(), input).ok) return;
    record.mutate(input, {
      onSuccess: async (answer) => {
        await Promise.all([refresh(), utils.portfolio.corporateActions.list.invalidate()]);
        notify.success(answer.message);
        setFields(EMPTY);
        reset();
      },
      onError: (failure) => {
        console.error(failure);
        setError(messageOf(failure, CORPORATE_ACTION_FAILED));
      },
    });
  };

  const field = (name: keyof Fields, label: string, props: { type?: string; hint?: string; inputMode?: 'decimal' } = {}) => (
    <TextField
      label={label}
      type={props.type ?? 'text'}
      inputMode={props.inputMode}
      autoComplete="off"
      value={fields[name]}
      hint={props.hint}
      error={errors[name]}
      onChange={(e) => set(name)(name === 'symbol' ? e.target.value.toUpperCase() : e.target.value)}
    />
  );
  const taxError = errors.tax_withheld_percent ?? errors.tax_withheld_amount;

  return (
    <div className="corporate-actions">
      <form ref={formRef} className="corporate-actions__form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="corporate-action-kind">
            Kind
          </label>
          <select
            id="corporate-action-kind"
            className="field__input"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as ActionKind);
              reset();
              setError('');
            }}
          >
            {(Object.keys(ACTION_LABELS) as ActionKind[]).map((k) => (
              <option key={k} value={k}>
                {ACTION_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        {kind === 'split' && (
          <>
            {field('symbol', 'Ticker Symbol')}
            {field('ratio', 'Ratio', { hint: 'New shares to old: 10:1 for a 10-for-1 split, 1:8 for a 1-for-8 reverse split.' })}
            {field('ex_date', 'Ex-date', { type: 'date', hint: 'Lots bought before it are split.' })}
            {field('cash_in_lieu_price', 'Cash in lieu price (optional)', {
              inputMode: 'decimal',
              hint: 'Per new share: a fraction of a share left by the split is sold at this price.',
            })}
          </>
        )}
        {kind === 'dividend' && (
          <>
            {field('symbol', 'Ticker Symbol')}
            {field('amount_per_share', 'Amount per share', { inputMode: 'decimal', hint: 'In dollars, e.g. 0.2350.' })}
            {field('ex_date', 'Ex-date', { type: 'date', hint: 'Shares held at the start of this day are paid.' })}
            {field('pay_date', 'Pay date', { type: 'date', hint: 'The net amount reaches Cash Available on this day.' })}
            <div className="field">
              <label className="field__label" htmlFor="corporate-action-tax-kind">
                Tax withheld
              </label>
              <select
                id="corporate-action-tax-kind"
                className="field__input"
                value={fields.tax_kind}
                onChange={(e) => setFields((f) => ({ ...f, tax_kind: e.target.value as Fields['tax_kind'], tax: '' }))}
              >
                <option value="none">None</option>
                <option value="percent">Percent of the dividend</option>
                <option value="amount">Amount in dollars</option>
              </select>
            </div>
            {fields.tax_kind !== 'none' && (
              <TextField
                label={fields.tax_kind === 'percent' ? 'Tax withheld (%)' : 'Tax withheld ($)'}
                inputMode="decimal"
                autoComplete="off"
                value={fields.tax}
                error={taxError}
                onChange={(e) => set('tax')(e.target.value)}
              />
            )}
          </>
        )}
        {(kind === 'interest' || kind === 'margin_interest' || kind === 'fee') && (
          <>
            {field('amount', 'Amount', {
              inputMode: 'decimal',
              hint: kind === 'interest' ? 'Added to Cash Available as income.' : 'Taken from Cash Available as an expense.',
            })}
            {kind !== 'interest' && <AllowNegativeCash checked={allowNegative} onChange={setAllowNegative} />}
          </>
        )}
        {field('note', 'Note (optional)')}
        <p className="dialog__message dialog__message--error" role="alert">
          {error}
        </p>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onDone}>
            Close
          </button>
          <button type="submit" className="button button--primary" disabled={record.isPending}>
            {record.isPending ? 'Recording...' : 'Record'}
          </button>
        </div>
      </form>
      <RecordedActions />
    </div>
  );
}

/** The actions recorded so far, newest first, each with a Remove (a correction) asked twice. */
function RecordedActions() {
  const notify = useToast();
  const refresh = useRefreshPortfolio();
  const utils = trpc.useUtils();
  const list = trpc.portfolio.corporateActions.list.useQuery();
  const remove = trpc.portfolio.corporateActions.remove.useMutation();
  const [asking, setAsking] = useState<number | null>(null);

  const confirm = (id: number) => {
    setAsking(null);
    remove.mutate(
      { id },
      {
        onSuccess: async (answer) => {
          await Promise.all([refresh(), utils.portfolio.corporateActions.list.invalidate()]);
          notify.success(answer.message);
        },
        onError: (failure) => {
          console.error(failure);
          notify.error(messageOf(failure, REMOVE_ACTION_FAILED));
        },
      },
    );
  };

  return (
    <section className="corporate-actions__recorded" aria-labelledby="corporate-actions-recorded">
      <h3 id="corporate-actions-recorded" className="corporate-actions__heading">
        Recorded
      </h3>
      {list.isLoading ? (
        <p aria-live="polite">Loading...</p>
      ) : list.isError ? (
        <p role="alert">{messageOf(list.error, 'Failed to load the corporate actions.')}</p>
      ) : (list.data?.entries.length ?? 0) === 0 ? (
        <p>No corporate actions, dividends, interest or fees yet.</p>
      ) : (
        <ul className="corporate-actions__list">
          {list.data!.entries.slice(0, 20).map((e) => (
            <li key={e.id} className="corporate-actions__item">
              <span>
                <span className="corporate-actions__date">{formatCalendarDate(e.book_date)}</span> {e.description}
              </span>
              {asking === e.id ? (
                <span className="corporate-actions__confirm">
                  <button type="button" className="button button--danger button--small" onClick={() => confirm(e.id)}>
                    Confirm removal
                  </button>
                  <button type="button" className="button button--secondary button--small" onClick={() => setAsking(null)}>
                    Keep
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className="button button--link"
                  aria-label={`Remove: ${e.description}`}
                  disabled={remove.isPending}
                  onClick={() => setAsking(e.id)}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
