import { useEffect, useState, type FormEvent } from 'react';
import { trpc } from '../../api/trpc';
import { TextField } from '../../components/text-field';
import { useToast } from '../../components/toast';
import { formatMoney } from '../../lib/format';
import { acceptNumericText } from '../../lib/numeric-text';
import { decimalText } from './assets/asset-values';
import type { Balances } from './portfolio-types';

export const BALANCES_SAVE_FAILED = 'Failed to save balances';
export const BALANCES_SAVED = 'Balances saved.';

const FIELDS = [
  { key: 'cash_available', label: 'Cash Available' },
  { key: 'margin_debit', label: 'Margin Debit' },
  { key: 'accounts_receivable', label: 'Accounts Receivable' },
] as const;

type BalanceKey = (typeof FIELDS)[number]['key'];
type BalanceTexts = Record<BalanceKey, string>;

const textsOf = (b: Balances): BalanceTexts => ({
  cash_available: String(b.cash_available),
  margin_debit: String(b.margin_debit),
  accounts_receivable: String(b.accounts_receivable),
});

/** SPEC §2's cash and margin panel: inputs and 'Save Balances' for GPs, the figures for LPs. */
export function BalancesPanel({ balances, editable }: { balances: Balances; editable: boolean }) {
  return (
    <section className="dashboard__section card balances" aria-labelledby="balances-heading">
      <h2 id="balances-heading" className="section-header__title">
        Cash and Margin
      </h2>
      {editable ? (
        <BalancesForm balances={balances} />
      ) : (
        <dl className="balances__figures">
          {FIELDS.map((field) => (
            <div key={field.key} className="balances__figure">
              <dt>{field.label}</dt>
              <dd className={field.key === 'margin_debit' && balances.margin_debit !== 0 ? 'tone--loss' : undefined}>
                {formatMoney(field.key === 'margin_debit' ? -balances.margin_debit : balances[field.key])}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function BalancesForm({ balances }: { balances: Balances }) {
  const notify = useToast();
  const utils = trpc.useUtils();
  const save = trpc.portfolio.saveBalances.useMutation();
  const [texts, setTexts] = useState<BalanceTexts>(() => textsOf(balances));
  const [touched, setTouched] = useState(false);

  // Figures saved elsewhere show here until this partner starts typing.
  useEffect(() => {
    if (!touched) setTexts(textsOf(balances));
  }, [balances, touched]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        cash_available: Number(decimalText(texts.cash_available)),
        margin_debit: Number(decimalText(texts.margin_debit)),
        accounts_receivable: Number(decimalText(texts.accounts_receivable)),
      },
      {
        onSuccess: async () => {
          await utils.portfolio.balances.invalidate();
          setTouched(false);
          notify.success(BALANCES_SAVED);
        },
        onError: (error) => {
          console.error(error);
          notify.error(BALANCES_SAVE_FAILED);
        },
      },
    );
  };

  return (
    <form className="balances__form" onSubmit={submit} noValidate>
      <div className="balances__fields">
        {FIELDS.map((field) => (
          <TextField
            key={field.key}
            label={field.label}
            name={field.key}
            inputMode="decimal"
            autoComplete="off"
            value={texts[field.key]}
            onChange={(event) => {
              const accepted = acceptNumericText(event.target.value);
              if (accepted === null) return;
              setTouched(true);
              setTexts((t) => ({ ...t, [field.key]: accepted }));
            }}
          />
        ))}
      </div>
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Balances'}
      </button>
    </form>
  );
}
