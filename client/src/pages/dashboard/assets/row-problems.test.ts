import { describe, expect, it } from 'vitest';
import { ASSET_ROW_RULE } from '@contract/asset-rules';
import { realEstateRowInput } from '@contract/real-estate';
import { ventureRowInput } from '@contract/venture';
import { REAL_ESTATE_KIND } from './real-estate-kind';
import { VENTURE_KIND } from './venture-kind';
import { rowProblem } from './row-problems';

const venture = (values: Partial<typeof VENTURE_KIND.blank>) =>
  rowProblem(ventureRowInput, VENTURE_KIND.payload({ ...VENTURE_KIND.blank, ...values }), VENTURE_KIND.labels);

describe('a row checked against the contract before save', () => {
  it('passes a complete row, blank figures counting as 0 and commas removed', () => {
    expect(venture({ name: 'Harborline', purchase_date: '2025-01-15', qty: '2,000', price_paid: '' })).toBeNull();
  });

  it("names the fields to fix after SPEC §5's sentence, in the table's order", () => {
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
