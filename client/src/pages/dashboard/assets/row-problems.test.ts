import { describe, expect, it } from 'vitest';
import { ASSET_ROW_RULE } from '@contract/asset-rules';
import { realEstateRowInput } from '@contract/real-estate';
import { ventureRowInput } from '@contract/venture';
import { REAL_ESTATE_KIND } from './real-estate-kind';
import { VENTURE_KIND } from './venture-kind';
import { rowProblem } from './row-problems';
import { BOOK_DATE_RULE } from '@contract/book-dates';
import { savedMessage } from './use-asset-rows';

const venture = (values: Partial<typeof VENTURE_KIND.blank>) =>
  rowProblem(ventureRowInput, VENTURE_KIND.payload({ ...VENTURE_KIND.blank, ...values }), VENTURE_KIND.labels);

describe('a row checked against the contract before save', () => {
  it('passes a complete row, blank figures counting as 0 and commas removed', () => {
    expect(venture({ name: 'Harborline', purchase_date: '2025-01-15', qty: '2,000', price_paid: '' })).toBeNull();
  });

  it("names the fields to fix after docs/product.md §5's sentence, in the table's order", () => {
    const problem = venture({ name: ' ', purchase_date: '2025-02-30', qty: '1.2.3', last_price_at_date: '-' });
    expect(problem?.message).toBe(`${ASSET_ROW_RULE} Check Name, Purchase Date, Qty, Last Price $.`);
    expect(problem?.fields).toEqual({
      name: 'Enter a name.',
      purchase_date: 'Enter a date as YYYY-MM-DD.',
      qty: 'Enter a number.',
      last_price_at_date: 'Enter a number.',
    });
  });

  it("gives another rule's own message, as the server would", () => {
    const problem = venture({ name: 'Short', purchase_date: '2025-01-15', qty: '-5' });
    expect(problem?.message).toBe('Qty cannot be negative.');
    expect(problem?.fields).toEqual({ qty: 'Qty cannot be negative.' });
  });

  it('names every field that is wrong: the row rule’s fields, then each other rule’s own message', () => {
    const problem = venture({ name: '', purchase_date: '1899-12-31', qty: '-5', last_price_at_date: 'x' });
    expect(problem?.message).toBe(`${ASSET_ROW_RULE} Check Name, Last Price $. ${BOOK_DATE_RULE} Qty cannot be negative.`);
    expect(problem?.fields).toEqual({
      name: 'Enter a name.',
      purchase_date: BOOK_DATE_RULE,
      qty: 'Qty cannot be negative.',
      last_price_at_date: 'Enter a number.',
    });
  });

  it('adds a rule the schema cannot check alone (a date after today) to what it names', () => {
    const values = { ...VENTURE_KIND.blank, name: '', purchase_date: '2100-12-31' };
    const problem = rowProblem(ventureRowInput, VENTURE_KIND.payload(values), VENTURE_KIND.labels, { purchase_date: BOOK_DATE_RULE });
    expect(problem?.message).toBe(`${ASSET_ROW_RULE} Check Name. ${BOOK_DATE_RULE}`);
    expect(problem?.fields).toEqual({ name: 'Enter a name.', purchase_date: BOOK_DATE_RULE });
    const dated = { ...values, name: 'Dated' };
    expect(rowProblem(ventureRowInput, VENTURE_KIND.payload(dated), VENTURE_KIND.labels, { purchase_date: null })).toBeNull();
  });

  it('says after a save which blank figures were saved as 0', () => {
    const row = (values: Partial<typeof VENTURE_KIND.blank>) => ({ ...VENTURE_KIND.blank, name: 'Harborline', ...values });
    expect(savedMessage([row({ qty: '5', price_paid: '1', last_price_at_date: '2' })], VENTURE_KIND.labels)).toBe('Saved Harborline.');
    expect(savedMessage([row({ qty: '5' })], VENTURE_KIND.labels)).toBe(
      'Saved Harborline. Price Paid $ and Last Price $ were blank and are saved as 0.',
    );
    expect(
      savedMessage(
        [row({ qty: '5', price_paid: '1' }), row({ name: ' Elm ', qty: '', price_paid: '2', last_price_at_date: '3' })],
        VENTURE_KIND.labels,
      ),
    ).toBe('Saved Harborline, Elm. Qty and Last Price $ were blank and are saved as 0.');
    expect(savedMessage([row({ qty: '-', price_paid: '1', last_price_at_date: '2' })], VENTURE_KIND.labels)).toBe(
      'Saved Harborline. Qty was blank and is saved as 0.',
    );
  });

  it('checks a property against the real estate schema', () => {
    const property = { ...REAL_ESTATE_KIND.blank, name: 'Elm St', purchase_date: '2024-06-01', monthly_rental_income: '4,600' };
    expect(rowProblem(realEstateRowInput, REAL_ESTATE_KIND.payload(property), REAL_ESTATE_KIND.labels)).toBeNull();
    const bad = rowProblem(
      realEstateRowInput,
      REAL_ESTATE_KIND.payload({ ...property, purchase_date: '06/01/2024' }),
      REAL_ESTATE_KIND.labels,
    );
    expect(bad?.message).toBe(`${ASSET_ROW_RULE} Check Purchase Date.`);
  });
});
