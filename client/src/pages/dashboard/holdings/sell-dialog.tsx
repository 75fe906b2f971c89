import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { checkFields, type FieldErrors } from '@contract/field-errors';
import { useContractSchema } from '../../../lib/use-contract-schema';
import { centsText, dec } from '@domain/money';
import { messageOf } from '../../../api/errors';
import { trpc } from '../../../api/trpc';
import { Dialog } from '../../../components/dialog';
import { DialogFooter } from '../../../components/dialog-footer';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../lib/notify';
import { formatCurrency, formatQuantity } from '../../../lib/format';
import { salePreview, type SalePreview } from '../portfolio-figures';
import type { Position } from '../portfolio-types';
import { useLots, useRefreshPortfolio } from '../use-portfolio';
import { acceptAmountText, isNumericText } from '../../../lib/numeric-text';
import { useFieldErrors, type ExtraChecks } from '../../../lib/use-field-errors';
import './sell-dialog.css';

const loadSellInput = () => import('@contract/holdings').then((contract) => contract.sellInput);
type SellSchema = Awaited<ReturnType<typeof loadSellInput>>;

export const SELL_FAILED = 'Failed to sell.';
export const SETTLE_LABEL = 'Settle against Cash Available';
export const FEE_TOO_LARGE = 'The fee cannot be more than the sale brings.';
export const PREVIEW_PROMPT = 'Enter a quantity and a price to see what the sale does.';
export const SELL_LOTS_LOADING = 'Loading the lots to work out the sale…';
export const SELL_LOTS_FAILED = 'The lots could not be loaded, so the sale cannot be worked out.';

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

/** What the Sell button sends, as typed: commas ignored, a blank fee left out. */
function saleInput(position: Position, qty: string, price: string, settles: boolean, fee: string) {
  const feeText = fee.replace(/,/g, '').trim();
  return {
    symbol: position.symbol,
    qty: qty.replace(/,/g, '').trim(),
    price: price.replace(/,/g, '').trim(),
    ...(feeText === '' ? {} : { fee: feeText }),
    settles,
  };
}
type SaleInput = ReturnType<typeof saleInput>;

/** The form's own rules beside the schema's: both fields are needed, and no more can be sold than is held. */
function saleChecks(position: Position, input: SaleInput): ExtraChecks {
  const tooMany = isNumericText(input.qty) && dec(input.qty).gt(dec(position.qty));
  return {
    qty:
      input.qty === ''
        ? 'Quantity is required.'
        : tooMany && `Quantity cannot be more than the ${formatQuantity(position.qty)} ${position.symbol} held.`,
    price: input.price === '' && 'Price is required.',
  };
}

/** The first problem with the sale as typed, or the exact quantity and price it would be made at. */
function checkSale(
  position: Position,
  input: SaleInput,
  schema: SellSchema | null,
): { problem: string } | { qty: string; price: string; fee: string } {
  const extra = saleChecks(position, input);
  // Until the schema has loaded (a moment after the dialog opens) there is no preview yet.
  if (!schema) return { problem: PREVIEW_PROMPT };
  const checked = checkFields(schema, input);
  const problem =
    extra.qty ||
    (checked.ok ? null : checked.errors.qty) ||
    extra.price ||
    (checked.ok ? null : checked.errors.price) ||
    (checked.ok ? null : checked.errors.fee);
  if (problem) return { problem };
  if (!checked.ok) return { problem: PREVIEW_PROMPT };
  const fee = checked.data.fee ?? '0';
  if (dec(fee).gt(dec(checked.data.qty).times(dec(checked.data.price)))) return { problem: FEE_TOO_LARGE };
  return { qty: checked.data.qty, price: checked.data.price, fee };
}

function SellForm({ target, cashAvailable, onDone }: { target: SellTarget; cashAvailable: string; onDone: () => void }) {
  const { position } = target;
  const notify = useToast();
  const refresh = useRefreshPortfolio();
  const sell = trpc.portfolio.holdings.sell.useMutation();
  const ids = useId();
  const [qty, setQty] = useState('');
  const [price, setPrice] = useState(() => priceText(target.lastPrice));
  const [settles, setSettles] = useState(true);
  const [fee, setFee] = useState('');
  const { formRef, errors, validate, clear } = useFieldErrors();
  const sellInput = useContractSchema(loadSellInput);
  const [serverError, setServerError] = useState('');

  // The preview works the sale out on the position's lots, loaded as the dialog opens
  // (docs/decisions/0025, "Later: lots sent on open"): nothing is sold until they are here.
  const lots = useLots(position.symbol);
  const input = saleInput(position, qty, price, settles, fee);
  const sale = checkSale(position, input, sellInput.schema);
  const preview = 'qty' in sale && lots.data ? salePreview(lots.data, sale.qty, sale.price, cashAvailable, settles, sale.fee) : null;
  const unit = position.assetType === 'crypto' ? 'coin' : 'share';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError('');
    const schema = await sellInput.ready();
    const checked = checkSale(position, input, schema);
    if (!validate(schema, input, saleChecks(position, input)).ok || !('qty' in checked)) return;
    // The sale is confirmed only once its outcome is worked out on the lots (the outcome line says they are loading).
    if (!lots.data) return;
    sell.mutate(
      // The figures the preview showed, as the schema reads them ("120.00" is 120).
      { ...input, qty: checked.qty, price: checked.price, ...(dec(checked.fee).eq(0) ? {} : { fee: checked.fee }) },
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
    <form ref={formRef} className="sell-form" onSubmit={(event) => void submit(event)} noValidate>
      <DecimalField
        label="Quantity"
        value={qty}
        error={errors.qty}
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
          clear('qty');
        }}
      />
      <DecimalField
        label="Price"
        value={price}
        error={errors.price}
        hint={`Per ${unit}, in dollars; it starts at the last price.`}
        onChange={(text) => {
          setPrice(text);
          clear('price');
        }}
      />
      <DecimalField
        label="Fee (optional)"
        value={fee}
        error={errors.fee}
        hint="Commission in dollars; it comes off the proceeds."
        onChange={(text) => {
          setFee(text);
          clear('fee');
        }}
      />
      <label className="checkbox">
        <input type="checkbox" checked={settles} onChange={(e) => setSettles(e.target.checked)} />
        {SETTLE_LABEL}
      </label>
      <div id={`${ids}-outcome`} className="sell-form__outcome">
        {!lots.data ? (
          lots.isError && !lots.isFetching ? (
            <p className="sell-form__prompt">
              <span role="alert">{SELL_LOTS_FAILED}</span>{' '}
              <button type="button" className="button button--link" onClick={() => void lots.refetch()}>
                Try again
              </button>
            </p>
          ) : (
            <p className="sell-form__prompt" role="status">
              {SELL_LOTS_LOADING}
            </p>
          )
        ) : preview && 'qty' in sale ? (
          <SaleOutcome preview={preview} qty={sale.qty} symbol={position.symbol} cashAvailable={cashAvailable} />
        ) : (
          <p className="sell-form__prompt">{outcomePrompt(sale, input, errors)}</p>
        )}
      </div>
      <DialogFooter
        error={serverError}
        onCancel={onDone}
        action={sell.isPending ? 'Selling...' : 'Sell'}
        disabled={sell.isPending}
        actionDescribedBy={`${ids}-outcome`}
      />
    </form>
  );
}

/**
 * Why there is nothing to show yet: once both fields hold something, what is wrong with them
 * (unless a field already says so under it), else the prompt.
 */
function outcomePrompt(sale: ReturnType<typeof checkSale>, input: SaleInput, shown: FieldErrors): string {
  if (input.qty === '' || input.price === '' || !('problem' in sale)) return PREVIEW_PROMPT;
  return sale.problem === shown.qty || sale.problem === shown.price || sale.problem === shown.fee ? PREVIEW_PROMPT : sale.problem;
}

/** What will happen, in words, before the partner confirms. */
function SaleOutcome({
  preview,
  qty,
  symbol,
  cashAvailable,
}: {
  preview: SalePreview;
  qty: string;
  symbol: string;
  cashAvailable: string;
}) {
  const gain = dec(preview.realizedGain);
  return (
    <>
      <p>
        Selling {formatQuantity(qty)} {symbol} brings {formatCurrency(preview.proceeds)}
        {dec(preview.fee).eq(0) ? '' : ` after a fee of ${formatCurrency(preview.fee)}`}: a realized {gain.lt(0) ? 'loss' : 'gain'} of{' '}
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
  label: string;
  value: string;
  error: string | undefined;
  hint: ReactNode;
  onChange: (text: string) => void;
}

/** A labelled decimal input with its hint and, after a refused confirm, the message naming the field. */
function DecimalField({ label, value, error, hint, onChange }: DecimalFieldProps) {
  return (
    <TextField
      label={label}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      error={error}
      hint={hint}
      onChange={(event) => {
        const accepted = acceptAmountText(event.target.value);
        if (accepted !== null) onChange(accepted);
      }}
    />
  );
}
