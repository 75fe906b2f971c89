import { describe, expect, it } from 'vitest';
import { actionInput } from './corporate-actions-dialog';

const blank = {
  symbol: '',
  ratio: '',
  ex_date: '',
  pay_date: '',
  cash_in_lieu_price: '',
  amount_per_share: '',
  tax_kind: 'none' as const,
  tax: '',
  amount: '',
  note: '',
};

/** What the Corporate Actions dialog sends: only the chosen kind's fields, blanks left out. */
describe('the Corporate Actions form input', () => {
  it('sends a split with its ratio and ex-date, and the cash in lieu price only when given', () => {
    expect(actionInput('split', { ...blank, symbol: ' GOOGL ', ratio: '1:8', ex_date: '2026-03-02' }, false)).toEqual({
      kind: 'split',
      symbol: 'GOOGL',
      ratio: '1:8',
      ex_date: '2026-03-02',
      note: '',
    });
    expect(
      actionInput('split', { ...blank, symbol: 'X', ratio: '1:8', ex_date: '2026-03-02', cash_in_lieu_price: '1,085.50' }, false),
    ).toMatchObject({
      cash_in_lieu_price: '1085.50',
    });
  });

  it('sends a dividend’s tax as a percent or as an amount, never both', () => {
    const fields = { ...blank, symbol: 'KO', amount_per_share: '0.2350', ex_date: '2026-03-02', pay_date: '2026-03-16', tax: '15' };
    expect(actionInput('dividend', { ...fields, tax_kind: 'percent' }, false)).toEqual({
      kind: 'dividend',
      symbol: 'KO',
      amount_per_share: '0.2350',
      ex_date: '2026-03-02',
      pay_date: '2026-03-16',
      tax_withheld_percent: '15',
      note: '',
    });
    expect(actionInput('dividend', { ...fields, tax_kind: 'amount' }, false)).toMatchObject({ tax_withheld_amount: '15' });
    expect(actionInput('dividend', { ...fields, tax_kind: 'none' }, false)).not.toHaveProperty('tax_withheld_percent');
  });

  it('lets only a charge take Cash Available below zero', () => {
    expect(actionInput('fee', { ...blank, amount: '2.10' }, true)).toEqual({
      kind: 'fee',
      amount: '2.10',
      note: '',
      allow_negative_cash: true,
    });
    expect(actionInput('interest', { ...blank, amount: '2.10' }, true)).toEqual({ kind: 'interest', amount: '2.10', note: '' });
  });
});
