import { useRef, useState, type FormEvent } from 'react';
import { ignoreNonDecimalKey } from '../../../lib/numeric-text';
import { ASSET_TYPES, type AssetType } from '@contract/asset-rules';
import { useContractSchema } from '../../../lib/use-contract-schema';
import { messageOf } from '../../../api/errors';
import { trpc } from '../../../api/trpc';
import { Dialog } from '../../../components/dialog';
import { DialogFooter } from '../../../components/dialog-footer';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../lib/notify';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useRefreshPortfolio } from '../use-portfolio';
import { AllowNegativeCash } from '../../../components/allow-negative-cash';
import { bookDateProblem } from '@contract/book-dates';
import { isCalendarDay } from '@domain/dates';
import './add-investment-dialog.css';

const loadAddHoldingInput = () => import('@contract/holdings').then((contract) => contract.addHoldingInput);
const loadSymbolField = () => import('@contract/holdings').then((contract) => contract.symbolField);

export const ADD_INVESTMENT_FAILED = 'Failed to add the investment.';
/** Unchecked, the modal records purchases made elsewhere (the product's modal); checked, they were paid from Cash Available. */
export const PAID_FROM_CASH_LABEL = 'Paid from Cash Available';

interface PurchaseRow {
  key: number;
  qty: string;
  price_paid: string;
  purchase_date: string;
  /** A fee or commission; blank is none. Part of the lot's cost basis. */
  fee: string;
}

const emptyRow = (key: number): PurchaseRow => ({ key, qty: '', price_paid: '', purchase_date: '', fee: '' });

const ASSET_TYPE_LABEL: Record<AssetType, string> = { stock: 'Stock', crypto: 'Crypto' };

/** docs/product.md §2's Add Investment modal: type, ticker (upper case) and one or more purchase rows. */
export function AddInvestmentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} title="Add Investment" onClose={onClose}>
      <AddInvestmentForm onDone={onClose} />
    </Dialog>
  );
}

function AddInvestmentForm({ onDone }: { onDone: () => void }) {
  const notify = useToast();
  const refresh = useRefreshPortfolio();
  const add = trpc.portfolio.holdings.add.useMutation();
  const utils = trpc.useUtils();
  /** "No market data for QQQQ." under the ticker, once the market-data provider has said so. */
  const [tickerProblem, setTickerProblem] = useState('');
  const nextKey = useRef(2);
  const [assetType, setAssetType] = useState<AssetType>('stock');
  const [symbol, setSymbol] = useState('');
  const [purchases, setPurchases] = useState<PurchaseRow[]>([emptyRow(1)]);
  const [settles, setSettles] = useState(false);
  const [allowNegative, setAllowNegative] = useState(false);
  const [error, setError] = useState('');
  const { formRef, errors, validate, clear, reset } = useFieldErrors();
  const addHoldingInput = useContractSchema(loadAddHoldingInput);
  const symbolField = useContractSchema(loadSymbolField);

  const change = (index: number, field: keyof Omit<PurchaseRow, 'key'>, value: string) => {
    setPurchases((rows) => rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
    clear(`purchases.${index}.${field}`);
  };

  /** Asks whether the symbol has market data; answers the message to show, or '' (also when nobody can tell). */
  const checkTicker = async (type: AssetType = assetType): Promise<string> => {
    const entered = symbol.trim();
    if (!(await symbolField.ready()).safeParse(entered).success) return '';
    try {
      const check = await utils.client.portfolio.holdings.checkSymbol.query({ symbol: entered, asset_type: type });
      return check.message ?? '';
    } catch (failure) {
      console.error(failure);
      return '';
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    const input = {
      symbol,
      asset_type: assetType,
      purchases: purchases.map(({ qty, price_paid, purchase_date, fee }) => ({
        qty,
        price_paid,
        purchase_date,
        ...(fee.trim() === '' ? {} : { fee: fee.trim() }),
      })),
      settles,
      ...(settles && allowNegative ? { allow_negative_cash: true } : {}),
    };
    // The books' date rule (no day after today in New York), on a date the schema reads as one.
    const now = new Date();
    const dates = Object.fromEntries(
      input.purchases.map((p, i) => [
        `purchases.${i}.purchase_date`,
        isCalendarDay(p.purchase_date.trim()) && bookDateProblem(p.purchase_date.trim(), now),
      ]),
    );
    if (!validate(await addHoldingInput.ready(), input, dates).ok) return;
    const problem = await checkTicker();
    setTickerProblem(problem);
    if (problem) return;
    add.mutate(input, {
      onSuccess: async (lots) => {
        await refresh();
        notify.success(`${lots[0]?.symbol ?? symbol} added: ${lots.length} ${lots.length === 1 ? 'purchase' : 'purchases'}.`);
        onDone();
      },
      onError: (failure) => {
        console.error(failure);
        setError(messageOf(failure, ADD_INVESTMENT_FAILED));
      },
    });
  };

  return (
    <form ref={formRef} className="add-investment" onSubmit={(event) => void submit(event)} noValidate>
      <div className="form-grid">
        <div className="field">
          <label className="field__label" htmlFor="add-investment-type">
            Asset Type
          </label>
          <select
            id="add-investment-type"
            className="field__input"
            value={assetType}
            onChange={(e) => {
              const type = e.target.value as AssetType;
              setAssetType(type);
              if (symbol) void checkTicker(type).then(setTickerProblem);
            }}
          >
            {ASSET_TYPES.map((type) => (
              <option key={type} value={type}>
                {ASSET_TYPE_LABEL[type]}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Ticker Symbol"
          name="symbol"
          autoComplete="off"
          value={symbol}
          error={errors.symbol ?? (tickerProblem || undefined)}
          onChange={(e) => {
            setSymbol(e.target.value.toUpperCase());
            setTickerProblem('');
            clear('symbol');
          }}
          onBlur={() => void checkTicker().then(setTickerProblem)}
        />
      </div>
      {purchases.map((row, i) => (
        <fieldset key={row.key} className="purchase-row">
          <legend className="purchase-row__legend">Purchase {i + 1}</legend>
          <TextField
            label="Quantity"
            type="number"
            min="0"
            step="any"
            inputMode="decimal"
            value={row.qty}
            error={errors[`purchases.${i}.qty`]}
            onKeyDown={ignoreNonDecimalKey}
            onChange={(e) => change(i, 'qty', e.target.value)}
          />
          <TextField
            label="Purchase Date"
            type="date"
            value={row.purchase_date}
            error={errors[`purchases.${i}.purchase_date`]}
            onChange={(e) => change(i, 'purchase_date', e.target.value)}
          />
          <TextField
            label="Purchase Price"
            type="number"
            min="0"
            step="0.01"
            inputMode="decimal"
            value={row.price_paid}
            error={errors[`purchases.${i}.price_paid`]}
            onKeyDown={ignoreNonDecimalKey}
            onChange={(e) => change(i, 'price_paid', e.target.value)}
          />
          <TextField
            label="Fee (optional)"
            type="number"
            min="0"
            step="0.01"
            inputMode="decimal"
            value={row.fee}
            hint="Commission in dollars; it is part of the lot's cost."
            error={errors[`purchases.${i}.fee`]}
            onKeyDown={ignoreNonDecimalKey}
            onChange={(e) => change(i, 'fee', e.target.value)}
          />
          {purchases.length > 1 && (
            <button
              type="button"
              className="button button--link purchase-row__remove"
              aria-label={`Remove purchase ${i + 1}`}
              onClick={() => {
                setPurchases((rows) => rows.filter((r) => r.key !== row.key));
                // The rows after it move up: their messages would name the wrong row.
                reset();
              }}
            >
              Remove
            </button>
          )}
        </fieldset>
      ))}
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => setPurchases((rows) => [...rows, emptyRow(nextKey.current++)])}
      >
        + More Purchases
      </button>
      <label className="checkbox add-investment__settles">
        <input type="checkbox" checked={settles} onChange={(e) => setSettles(e.target.checked)} />
        {PAID_FROM_CASH_LABEL}
      </label>
      {settles && <AllowNegativeCash checked={allowNegative} onChange={setAllowNegative} />}
      <DialogFooter error={error} onCancel={onDone} action={add.isPending ? 'Saving...' : 'Save'} disabled={add.isPending} />
    </form>
  );
}
