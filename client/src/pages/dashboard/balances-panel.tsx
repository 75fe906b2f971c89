import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useContractSchema } from '../../lib/use-contract-schema';
import { trpc } from '../../api/trpc';
import { TextField } from '../../components/text-field';
import { useToast } from '../../lib/notify';
import { formatCurrency, formatMoney } from '../../lib/format';
import { acceptNumericText } from '../../lib/numeric-text';
import { useFieldErrors } from '../../lib/use-field-errors';
import { decimalText } from './assets/asset-values';
import { negatedText } from './portfolio-figures';
import type { PortfolioTotals } from './portfolio-types';
import { useRefreshPortfolio } from './use-portfolio';
import { CashMovementForm } from './cash-movement-form';
import '../../styles/portal-page.css';
import '../../styles/tones.css';
import './balances-panel.css';

const loadSaveBalancesInput = () => import('@contract/balances').then((contract) => contract.saveBalancesInput);

export const BALANCES_SAVE_FAILED = 'Failed to save balances';
export const BALANCES_SAVED = 'Balances saved.';

const FIELDS = [
  { key: 'cash_available', label: 'Cash Available' },
  { key: 'margin_debit', label: 'Margin Debit' },
  { key: 'accounts_receivable', label: 'Accounts Receivable' },
] as const;

type BalanceKey = (typeof FIELDS)[number]['key'];
/** The balances as decimal text: as the engine sends them, as typed, and as sent back. */
export type BalanceTexts = Record<BalanceKey, string>;

export const balanceTexts = (totals: PortfolioTotals): BalanceTexts => ({
  cash_available: totals.cashAvailable,
  margin_debit: totals.marginDebit,
  accounts_receivable: totals.accountsReceivable,
});

/** docs/product.md §2's cash and margin panel: inputs and 'Save Balances' for GPs, the figures for LPs. */
export function BalancesPanel({ balances, editable }: { balances: BalanceTexts; editable: boolean }) {
  return (
    <section className="dashboard__section card balances" aria-labelledby="balances-heading">
      <h2 id="balances-heading" className="section-header__title">
        Cash and Margin
      </h2>
      {editable ? (
        <>
          <BalancesForm balances={balances} />
          <CashMovementForm />
        </>
      ) : (
        <dl className="balances__figures">
          {FIELDS.map((field) => (
            <div key={field.key} className="balances__figure">
              <dt>{field.label}</dt>
              <dd className={field.key === 'margin_debit' && negatedText(balances.margin_debit).startsWith('-') ? 'tone--loss' : undefined}>
                {formatMoney(field.key === 'margin_debit' ? negatedText(balances.margin_debit) : balances[field.key])}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function BalancesForm({ balances }: { balances: BalanceTexts }) {
  const notify = useToast();
  const refresh = useRefreshPortfolio();
  const save = trpc.portfolio.balances.save.useMutation();
  const { formRef, errors, validate, clear } = useFieldErrors();
  const saveBalancesInput = useContractSchema(loadSaveBalancesInput);
  const [texts, setTexts] = useState<BalanceTexts>(balances);
  const [touched, setTouchedState] = useState(false);
  // Read by the effect below: it may run after the first keystroke (the form can mount in a
  // transition, whose effects run later), and must not put the old figures back then.
  const touchedNow = useRef(false);
  const setTouched = (value: boolean) => {
    touchedNow.current = value;
    setTouchedState(value);
  };

  // Figures saved elsewhere (or moved by a trade) show here until this partner starts typing.
  const { cash_available: cash, margin_debit: margin, accounts_receivable: receivable } = balances;
  useEffect(() => {
    if (!touchedNow.current) setTexts({ cash_available: cash, margin_debit: margin, accounts_receivable: receivable });
  }, [cash, margin, receivable, touched]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // What was typed, exactly: decimal text without its commas (docs/product.md §5), never a float.
    const input = {
      cash_available: decimalText(texts.cash_available),
      margin_debit: decimalText(texts.margin_debit),
      accounts_receivable: decimalText(texts.accounts_receivable),
    };
    if (!validate(await saveBalancesInput.ready(), input).ok) return;
    save.mutate(input, {
      onSuccess: async () => {
        await refresh();
        setTouched(false);
        notify.success(BALANCES_SAVED);
      },
      onError: (error) => {
        console.error(error);
        notify.error(BALANCES_SAVE_FAILED);
      },
    });
  };

  return (
    <form ref={formRef} className="balances__form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="balances__fields">
        {FIELDS.map((field) => (
          <TextField
            key={field.key}
            label={field.label}
            name={field.key}
            inputMode="decimal"
            autoComplete="off"
            value={texts[field.key]}
            hint={formatCurrency(decimalText(texts[field.key]))}
            error={errors[field.key]}
            onChange={(event) => {
              const accepted = acceptNumericText(event.target.value);
              if (accepted === null) return;
              clear(field.key);
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
