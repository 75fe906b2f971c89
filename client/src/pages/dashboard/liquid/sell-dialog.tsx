import { useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { boundText, checkAmount, MAX_SIGNIFICANT_DIGITS, PRICE, QUANTITY, type AmountRule } from '@domain/amounts';
import { centsText, dec } from '@domain/money';
import { messageOf } from '../../../api/errors';
import { trpc } from '../../../api/trpc';
import { Dialog } from '../../../components/dialog';
import { useToast } from '../../../components/toast';
import { formatCurrency, formatQuantity } from '../../../lib/format';
import { salePreview, type SalePreview } from '../portfolio-figures';
import type { Position } from '../portfolio-types';
import { useRefreshPortfolio } from '../use-portfolio';
import { acceptAmountText } from '../../../lib/numeric-text';

export const SELL_FAILED = 'Failed to sell.';
export const SETTLE_LABEL = 'Settle against Cash Available';
export const PREVIEW_PROMPT = 'Enter a quantity and a price to see what the sale does.';

export interface SellTarget {
  position: Position;
  /** The last price of the symbol, if the quote cache has one. */
  lastPrice: number | null;
}

interface SellDialogProps {
  target: SellTarget | null;
  /** Cash Available now, as the engine sends it. */
  cashAvailable: string;
  onClose: () => void;
}

/** The Sell action on a liquid position (GPs): quantity, price and settlement, with what the sale will do shown before it is confirmed. */
export function SellDialog({ target, cashAvailable, onClose }: SellDialogProps) {
  return (
    <Dialog open={target !== null} title={target ? `Sell ${target.position.symbol}` : 'Sell'} onClose={onClose}>
      {target && <SellForm key={target.position.symbol} target={target} cashAvailable={cashAvailable} onDone={onClose} />}
    </Dialog>
  );
}

/** A price as the input shows it: the quote's exact decimal, with at least cents ("226.1" → "226.10"). */
export function priceText(lastPrice: number | null): string {
  if (lastPrice === null || !Number.isFinite(lastPrice)) return '';
  const plain = dec(lastPrice).toFixed();
  const places = plain.split('.')[1]?.length ?? 0;
  return places >= 2 ? plain : dec(plain).toFixed(2);
}

type Checked = { text: string } | { error: string };

/** A field's decimal, or a message naming the field; commas are ignored. */
function checkDecimal(label: string, typed: string, rule: AmountRule, sign: 'positive' | 'nonNegative'): Checked {
  const text = typed.replace(/,/g, '').trim();
  if (text === '') return { error: `${label} is required.` };
  const parsed = checkAmount(text, rule);
  const negative = text.startsWith('-');
  if (negative || ('text' in parsed && sign === 'positive' && dec(parsed.text).eq(0))) {
    return { error: sign === 'positive' ? `${label} must be more than 0.` : `${label} cannot be negative.` };
  }
  if ('text' in parsed) return parsed;
  switch (parsed.problem) {
    case 'not-a-number':
      return { error: `${label} must be a number.` };
    case 'too-many-decimals':
      return { error: `${label} can have at most ${rule.scale} decimal places.` };
    case 'too-many-digits':
      return { error: `${label} can have at most ${MAX_SIGNIFICANT_DIGITS} significant digits.` };
    default:
      return { error: `${label} must be at most ${boundText(rule.max)}.` };
  }
}

interface Checks {
  qty: Checked;
  price: Checked;
}

function checkSale(position: Position, qty: string, price: string): Checks {
  let qtyCheck = checkDecimal('Quantity', qty, QUANTITY, 'positive');
  if ('text' in qtyCheck && dec(qtyCheck.text).gt(dec(position.qty))) {
    qtyCheck = { error: `Quantity cannot be more than the ${formatQuantity(position.qty)} ${position.symbol} held.` };
  }
  return { qty: qtyCheck, price: checkDecimal('Price', price, PRICE, 'nonNegative') };
}

function SellForm({ target, cashAvailable, onDone }: { target: SellTarget; cashAvailable: string; onDone: () => void }) {
  const { position } = target;
  const notify = useToast();
  const refresh = useRefreshPortfolio();
  const sell = trpc.portfolio.holdings.sell.useMutation();
  const ids = useId();
  const qtyRef = useRef<HTMLInputElement>(null);
  const priceRef = useRef<HTMLInputElement>(null);
  const [qty, setQty] = useState('');
  const [price, setPrice] = useState(() => priceText(target.lastPrice));
  const [settles, setSettles] = useState(true);
  const [shownErrors, setShownErrors] = useState<{ qty?: string; price?: string }>({});
  const [serverError, setServerError] = useState('');

  const checks = checkSale(position, qty, price);
  const preview = 'text' in checks.qty && 'text' in checks.price ? salePreview(position, checks.qty.text, checks.price.text, cashAvailable, settles) : null;
  const unit = position.assetType === 'crypto' ? 'coin' : 'share';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setServerError('');
    const errors = { qty: 'error' in checks.qty ? checks.qty.error : undefined, price: 'error' in checks.price ? checks.price.error : undefined };
    setShownErrors(errors);
    if (!('text' in checks.qty) || !('text' in checks.price)) {
      (errors.qty ? qtyRef : priceRef).current?.focus();
      return;
    }
    sell.mutate(
      { symbol: position.symbol, qty: checks.qty.text, price: checks.price.text, settles },
      {
        onSuccess: async (answer) => {
          await refresh();
          notify.success(answer.message);
          onDone();
        },
        onError: (failure) => {
          console.error(failure);
          setServerError(messageOf(failure, SELL_FAILED));
        },
      },
    );
  };

  return (
    <form className="sell-form" onSubmit={submit} noValidate>
      <DecimalField
        id={`${ids}-qty`}
        inputRef={qtyRef}
        label="Quantity"
        value={qty}
        error={shownErrors.qty}
        hint={
          <>
            The firm holds {formatQuantity(position.qty)} {position.symbol}.{' '}
            <button type="button" className="button button--link sell-form__all" onClick={() => setQty(position.qty)}>
              Sell all
            </button>
          </>
        }
        onChange={(text) => {
          setQty(text);
          setShownErrors((e) => ({ ...e, qty: undefined }));
        }}
      />
      <DecimalField
        id={`${ids}-price`}
        inputRef={priceRef}
        label="Price"
        value={price}
        error={shownErrors.price}
        hint={`Per ${unit}, in dollars; it starts at the last price.`}
        onChange={(text) => {
          setPrice(text);
          setShownErrors((e) => ({ ...e, price: undefined }));
        }}
      />
      <label className="checkbox">
        <input type="checkbox" checked={settles} onChange={(e) => setSettles(e.target.checked)} />
        {SETTLE_LABEL}
      </label>
      <div id={`${ids}-outcome`} className="sell-form__outcome">
        {preview && 'text' in checks.qty ? (
          <SaleOutcome preview={preview} qty={checks.qty.text} symbol={position.symbol} cashAvailable={cashAvailable} />
        ) : (
          <p className="sell-form__prompt">{outcomePrompt(checks, qty, price, shownErrors)}</p>
        )}
      </div>
      <p className="dialog__message dialog__message--error" role="alert">
        {serverError}
      </p>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={sell.isPending} aria-describedby={`${ids}-outcome`}>
          {sell.isPending ? 'Selling...' : 'Sell'}
        </button>
      </div>
    </form>
  );
}

/**
 * Why there is nothing to show yet: once both fields hold something, what is wrong with them
 * (unless a field already says so under it), else the prompt.
 */
function outcomePrompt(checks: Checks, qty: string, price: string, shown: { qty?: string; price?: string }): string {
  if (qty.trim() === '' || price.trim() === '') return PREVIEW_PROMPT;
  const problem = 'error' in checks.qty ? checks.qty.error : 'error' in checks.price ? checks.price.error : null;
  return problem === null || problem === shown.qty || problem === shown.price ? PREVIEW_PROMPT : problem;
}

/** What will happen, in words, before the partner confirms. */
function SaleOutcome({ preview, qty, symbol, cashAvailable }: { preview: SalePreview; qty: string; symbol: string; cashAvailable: string }) {
  const gain = dec(preview.realizedGain);
  return (
    <>
      <p>
        Selling {formatQuantity(qty)} {symbol} brings {formatCurrency(preview.proceeds)}: a realized {gain.lt(0) ? 'loss' : 'gain'} of{' '}
        {formatCurrency(centsText(gain.abs()))} (first in, first out).
      </p>
      <p className="sell-form__cash">
        {preview.cashAfter === null
          ? `Cash Available stays at ${formatCurrency(cashAvailable)}.`
          : `Cash Available goes from ${formatCurrency(cashAvailable)} to ${formatCurrency(preview.cashAfter)}.`}
      </p>
    </>
  );
}

interface DecimalFieldProps {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  label: string;
  value: string;
  error: string | undefined;
  hint: ReactNode;
  onChange: (text: string) => void;
}

/** A labelled decimal input with its hint and, after a refused confirm, the message naming the field. */
function DecimalField({ id, inputRef, label, value, error, hint, onChange }: DecimalFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className="field__input"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          const accepted = acceptAmountText(event.target.value);
          if (accepted !== null) onChange(accepted);
        }}
      />
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
