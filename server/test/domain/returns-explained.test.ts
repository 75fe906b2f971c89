import { describe, expect, it } from 'vitest';
import { LEDGER_KINDS } from '../../src/contract/ledger';
import { addDays } from '../../src/domain/dates';
import { dec, fixed } from '../../src/domain/money';
import { annualizedVolatility, betaTo, maxDrawdown, periodBase, periodFigures } from '../../src/domain/return-measures';
import { isExternalFlow, timeWeightedReturns, type ValueDay } from '../../src/domain/returns';

const day = (date: string, value: string, flow = '0'): ValueDay => ({ date, value, flow });
const noIndex = (days: readonly ValueDay[]) => days.map(() => null);

describe('time-weighted return at 12 places', () => {
  it('rounds each day’s return and the linked growth half up at 12 places', () => {
    const days = timeWeightedReturns([day('2026-01-05', '3.00'), day('2026-01-06', '1.00'), day('2026-01-07', '2.00')]);
    // 1 ÷ 3 − 1 = −0.666…67 (12 places), then × (2 ÷ 1) = 0.666…66 + … : growth 0.333333333333 × 2.
    expect(days.map((d) => [d.dayReturn, d.growth])).toEqual([
      [null, '1.000000000000'],
      ['-0.666666666667', '0.333333333333'],
      ['1.000000000000', '0.666666666666'],
    ]);
  });

  it('keeps the growth to 12 places over ten years of daily returns', () => {
    const values = Array.from({ length: 3650 }, (_, i) => (100_000 + ((i * 7919) % 1000) - 500).toFixed(2));
    const days = timeWeightedReturns(values.map((v, i) => day(addDays('2016-01-01', i), v)));
    expect(days.every((d) => /^-?\d+\.\d{12}$/.test(d.growth))).toBe(true);
  });

  it('shows the same two-decimal figures as the unrounded linking did over 90 days', () => {
    // The history chart's 90 days: a value that moves each day by up to ±3 %, with new money now and then.
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    let value = dec('2624349.00');
    const days: ValueDay[] = [];
    for (let i = 0; i <= 90; i += 1) {
      const flow = i % 17 === 5 ? dec('150000.00') : i % 23 === 11 ? dec('-80000.00') : dec(0);
      value = value
        .plus(flow)
        .times(dec(1).plus(dec(random().toFixed(6)).times('0.03')))
        .round(2);
      days.push(day(addDays('2026-08-28', i), value.toFixed(2), flow.toFixed(2)));
    }
    // How timeWeightedReturns linked before: the growth multiplied on without rounding.
    let growth = dec(1);
    const unrounded = days.map((d, i) => {
      if (i > 0) growth = growth.times(dec(d.value).div(dec(days[i - 1]!.value).plus(dec(d.flow))));
      return fixed(growth.minus(1).times(100), 2);
    });
    expect(timeWeightedReturns(days).map((d) => d.cumulativeReturnPct)).toEqual(unrounded);
  });
});

describe('the returns of a period', () => {
  it('is flat, with no drawdown and no volatility, across a flat period', () => {
    const days = Array.from({ length: 10 }, (_, i) => day(addDays('2026-01-05', i), '1000.00'));
    const f = periodFigures('inception', days, noIndex(days))!;
    expect(f.twr).toBe('0.000000000000');
    expect(f.drawdown).toEqual({ depth: '0.000000000000', peak: null, trough: null });
    expect(f.volatility).toBe('0.000000000000');
    // 1,000.00 at the start and 1,000.00 at the end: the rate is 0.
    expect(Number(f.mwr)).toBe(0);
  });

  it('leaves the max drawdown and its dates unchanged by a deposit on the worst day', () => {
    const values = ['1000.00', '1100.00', '990.00', '880.00', '935.00', '1050.00'];
    const days = values.map((v, i) => day(addDays('2026-03-02', i), v));
    const before = periodFigures('inception', days, noIndex(days))!;
    // 880 ÷ 1100 − 1 = −20 %, from the peak on 03-03 to the trough on 03-05.
    expect(before.drawdown).toEqual({ depth: '-0.200000000000', peak: '2026-03-03', trough: '2026-03-05' });
    // 495.00 arrives on the morning of the worst day and falls with the rest (docs/books.md: a day's
    // new money is invested from its start): (990 + 495) × 880 ÷ 990 = 1,320.00, and every later
    // close is 1,320 ÷ 880 = 1.5 times as high. The value itself no longer falls that day.
    const withDeposit = days.map((d, i) => (i < 3 ? d : day(d.date, dec(d.value).times('1.5').toFixed(2), i === 3 ? '495.00' : '0')));
    expect(withDeposit.map((d) => d.value)).toEqual(['1000.00', '1100.00', '990.00', '1320.00', '1402.50', '1575.00']);
    const after = periodFigures('inception', withDeposit, noIndex(withDeposit))!;
    expect(after.drawdown).toEqual(before.drawdown);
    expect(after.flows).toEqual([{ date: '2026-03-05', amount: '495.00' }]);
  });

  it('takes the deepest fall from the highest peak before it', () => {
    const points = [
      ['2026-03-02', '1.0'],
      ['2026-03-03', '1.2'],
      ['2026-03-04', '1.08'],
      ['2026-03-05', '1.5'],
      ['2026-03-06', '1.2'],
    ].map(([date, growth]) => ({ date: date!, growth: growth! }));
    // 1.2 ÷ 1.5 − 1 = −20 % is deeper than 1.08 ÷ 1.2 − 1 = −10 %.
    expect(maxDrawdown(points)).toEqual({ depth: '-0.200000000000', peak: '2026-03-05', trough: '2026-03-06' });
  });

  it('gives the money-weighted return a spreadsheet’s XIRR gives for two flows', () => {
    // XIRR({-10000; 11000}; {2025-01-01; 2026-01-01}) = 0.1 exactly: 365 days, 11000 ÷ 10000 − 1.
    const days = [day('2025-01-01', '10000.00'), day('2026-01-01', '11000.00')];
    const f = periodFigures('inception', days, noIndex(days))!;
    expect(f.mwrFlows).toEqual([
      { date: '2025-01-01', amount: '-10000.00' },
      { date: '2026-01-01', amount: '11000.00' },
    ]);
    expect(Math.abs(Number(f.mwr) - 0.1)).toBeLessThanOrEqual(0.0001);
    expect(f.twr).toBe('0.100000000000');
  });

  it('gives the XIRR of three flows, new money counted as the firm’s, not as return', () => {
    // XIRR({-10000; -5000; 16500}; {2025-01-01; 2025-07-01; 2026-01-01}) = 0.120487167… (bisection on
    // Σ amount ÷ (1 + r)^(days ÷ 365) = 0 with 50-digit decimals in Python, as a spreadsheet's XIRR solves it).
    const days = [day('2025-01-01', '10000.00'), day('2025-07-01', '15000.00', '5000.00'), day('2026-01-01', '16500.00')];
    const f = periodFigures('inception', days, noIndex(days))!;
    expect(Math.abs(Number(f.mwr) - 0.120487167)).toBeLessThanOrEqual(0.0001);
    // Time-weighted: flat to July, then 16500 ÷ 15000 − 1 = 10 %.
    expect(f.twr).toBe('0.100000000000');
  });

  it('has no returns for a portfolio with one day', () => {
    expect(periodFigures('inception', [day('2026-11-26', '1000.00')], [null])).toBeNull();
  });

  it('starts each period at the close before it', () => {
    expect(periodBase('mtd', '2026-11-26')).toBe('2026-10-31');
    expect(periodBase('qtd', '2026-11-26')).toBe('2026-09-30');
    expect(periodBase('qtd', '2026-01-15')).toBe('2025-12-31');
    expect(periodBase('ytd', '2026-11-26')).toBe('2025-12-31');
    expect(periodBase('1y', '2026-11-26')).toBe('2025-11-26');
    expect(periodBase('1y', '2028-02-29')).toBe('2027-02-28');
    expect(periodBase('inception', '2026-11-26')).toBeNull();
  });
});

describe('volatility and beta', () => {
  it('annualizes the sample standard deviation of daily returns by √252', () => {
    // Returns 0 %, 1 %, 2 %: mean 1 %, sample variance (0.01² + 0 + 0.01²) ÷ 2 = 0.0001, deviation 0.01;
    // × √252 (15.874507866388) = 0.158745078664.
    expect(annualizedVolatility(['0', '0.01', '0.02'].map(dec))?.toFixed(12)).toBe('0.158745078664');
    expect(annualizedVolatility([dec('0.01')])).toBeNull();
  });

  it('finds a beta of 2 for a portfolio that moves twice as much as the index', () => {
    expect(betaTo(['0', '0.01', '0.02'].map(dec), ['0', '0.005', '0.01'].map(dec))?.toFixed(12)).toBe('2.000000000000');
    expect(betaTo(['0.01', '0.02'].map(dec), ['0', '0'].map(dec))).toBeNull();
  });

  it('measures both over the same weekdays of a period', () => {
    // Mon 2026-01-05 to Thu 01-08: the portfolio returns 0 %, 1 %, 2 %; the S&P 500 0 %, 0.5 %, 1 %.
    const days = [day('2026-01-05', '100.00'), day('2026-01-06', '100.00'), day('2026-01-07', '101.00'), day('2026-01-08', '103.02')];
    const f = periodFigures('inception', days, ['1000', '1000', '1005', '1015.05'])!;
    expect(f.volatility).toBe('0.158745078664');
    expect(f.beta).toBe('2.000000000000');
    expect([f.volatilityDays, f.betaDays]).toEqual([3, 3]);
  });

  it('takes a weekend’s moves into Monday’s return', () => {
    // Fri 01-09, Sat, Sun, Mon 01-12: one return, Friday to Monday.
    const days = [
      day('2026-01-08', '100.00'),
      day('2026-01-09', '100.00'),
      day('2026-01-10', '104.00'),
      day('2026-01-11', '99.00'),
      day('2026-01-12', '102.00'),
    ];
    const f = periodFigures('inception', days, noIndex(days))!;
    expect(f.days.map((d) => d.sampled)).toEqual([true, true, false, false, true]);
    expect(f.volatilityDays).toBe(2);
    expect(f.betaDays).toBe(0);
    expect(f.beta).toBeNull();
  });
});

describe('which ledger entries are new money', () => {
  it('counts deposits and withdrawals, and today’s other kinds that carry new money', () => {
    expect(isExternalFlow('deposit')).toBe(true);
    expect(isExternalFlow('withdrawal')).toBe(true);
    expect(LEDGER_KINDS.filter(isExternalFlow)).toEqual(['buy', 'sell', 'correction', 'deposit', 'withdrawal', 'balances', 'asset']);
  });

  it('never counts income, expenses, corporate actions or a kind it does not know', () => {
    for (const kind of ['dividend', 'interest', 'interest_charged', 'margin_interest', 'fee', 'split', 'anything_new'])
      expect(isExternalFlow(kind)).toBe(false);
  });
});
