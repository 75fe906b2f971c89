import { describe, expect, it } from 'vitest';
import { compareSortKeys, compareSortValues, sortKeyOf, type SortKind, type SortValue } from './table-sort';

const sorted = (kind: SortKind, values: SortValue[]) => [...values].sort((a, b) => compareSortValues(kind, a, b));

describe('compareSortValues', () => {
  it('orders decimal text exactly, beyond what a float can tell apart', () => {
    expect(sorted('decimal', ['10.00', '9.99', '-3', null, '0.1000000000000000001', '0.1'])).toEqual([
      null,
      '-3',
      '0.1',
      '0.1000000000000000001',
      '9.99',
      '10.00',
    ]);
    expect(compareSortValues('decimal', '12345678901234567.01', '12345678901234567.02')).toBeLessThan(0);
    // Same floats, told apart by their digits, on both sides of zero; zeros and padding compare equal.
    expect(sorted('decimal', ['-900719925474099.92', '-900719925474099.93', '900719925474099.93', '900719925474099.92'])).toEqual([
      '-900719925474099.93',
      '-900719925474099.92',
      '900719925474099.92',
      '900719925474099.93',
    ]);
    expect(compareSortValues('decimal', '-0.00', '0')).toBe(0);
    expect(compareSortValues('decimal', '007.50', '7.5')).toBe(0);
    expect(compareSortValues('decimal', '0.05', '0.5')).toBeLessThan(0);
  });

  it('sorts by keys read once: the same order as the values, without reading them again', () => {
    const values: SortValue[] = ['3.10', null, '-1', '1e2', '0.3', 2, 'N/A', '1,000.5'];
    const keyed = values.map((value) => ({ value, key: sortKeyOf('decimal', value) }));
    keyed.sort((a, b) => compareSortKeys('decimal', a.key, b.key));
    expect(keyed.map((k) => k.value)).toEqual(sorted('decimal', values));
    expect(keyed.map((k) => k.value)).toEqual([null, 'N/A', '-1', '0.3', 2, '3.10', '1e2', '1,000.5']);
  });

  it('reads quote numbers and text with commas as decimals; what is not a number sorts lowest', () => {
    expect(sorted('decimal', [2.5, '1,000', 'N/A', 3])).toEqual(['N/A', 2.5, 3, '1,000']);
  });

  it('orders calendar days and timestamps by time', () => {
    expect(sorted('date', ['2024-11-20T15:00:00.000Z', '2024-02-01', null, '2023-12-31T23:59:59Z'])).toEqual([
      null,
      '2023-12-31T23:59:59Z',
      '2024-02-01',
      '2024-11-20T15:00:00.000Z',
    ]);
  });

  it('orders text alphabetically, ignoring case, with numbers in it by size', () => {
    expect(sorted('text', ['beta', 'Alpha', 'item 10', 'item 9'])).toEqual(['Alpha', 'beta', 'item 9', 'item 10']);
  });
});
