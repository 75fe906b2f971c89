import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLES } from '@contract/roles';
import { FakeApiError, fakeApi, type FakeApi } from '../../test/fake-api';
import { dashboardReads } from '../../test/portfolio-fixtures';
import { renderApp, storeSession } from '../../test/render-app';
import type { AuditEvent, LedgerEntry } from './activity-types';

function entry(fields: Partial<LedgerEntry> & Pick<LedgerEntry, 'id' | 'kind' | 'source'>): LedgerEntry {
  return {
    at: '2026-03-02T15:04:00.000Z',
    book_date: '2026-03-02',
    actor_email: 'gp@demo.partners',
    symbol: null,
    asset_type: null,
    qty: null,
    price: null,
    amount: null,
    settles: false,
    cash_before: null,
    cash_after: null,
    cost_basis: null,
    realized_gain: null,
    fee: null,
    flow: '0.00',
    details: null,
    ...fields,
  };
}

/** Newest first, as the server answers: a settled sale, an unsettled buy, a balances edit, a private asset, an opening lot. */
const SALE = entry({
  id: 45,
  kind: 'sell',
  source: 'sell_action',
  symbol: 'AAPL',
  asset_type: 'stock',
  qty: '6',
  price: '187.125',
  amount: '1122.75',
  settles: true,
  cash_before: '425000.00',
  cash_after: '426122.75',
  cost_basis: '900.00',
  realized_gain: '222.75',
});
const BUY = entry({
  id: 44,
  kind: 'buy',
  source: 'add_investment',
  at: '2026-03-02T14:30:00.000Z',
  symbol: 'BTC',
  asset_type: 'crypto',
  qty: '0.12345678',
  price: '61234.56',
  amount: '7559.82',
  cost_basis: '7559.82',
  flow: '7559.82',
});
const BALANCES = entry({
  id: 43,
  kind: 'balances',
  source: 'balances',
  at: '2026-03-01T20:00:00.000Z',
  book_date: '2026-03-01',
  amount: '-5000.00',
  settles: true,
  cash_before: '430000.00',
  cash_after: '425000.00',
});
const ASSET = entry({
  id: 42,
  kind: 'asset',
  source: 'venture',
  at: '2026-03-01T19:00:00.000Z',
  book_date: '2026-03-01',
  qty: '5000',
  price: '2.5',
  amount: '12500.00',
  details: { id: 9, name: 'Bluefin Labs (Seed)' },
});
const OPENING = entry({
  id: 1,
  kind: 'buy',
  source: 'add_investment',
  at: '2026-02-20T17:00:00.000Z',
  book_date: '2024-06-01',
  actor_email: 'system',
  symbol: 'KO',
  asset_type: 'stock',
  qty: '100',
  price: '58',
  amount: '5800.00',
  details: { lotId: 4, opening: true },
});
const LEDGER = [SALE, BUY, BALANCES, ASSET, OPENING];

// In the order PostgreSQL's jsonb answers keys: shortest first.
const lot = {
  id: 57,
  qty: '10',
  symbol: 'AAPL',
  exchange: 'NASDAQ',
  asset_type: 'stock',
  cost_basis: '1500.00',
  price_paid: '150',
  purchase_date: '2025-03-14',
};
const EVENTS: AuditEvent[] = [
  {
    id: 90,
    at: '2026-03-02T15:04:00.000Z',
    actor_email: 'gp@demo.partners',
    via: 'user',
    action: 'holding.sell-part',
    entity: 'holding',
    entity_id: '57',
    before: lot,
    after: { ...lot, qty: '4', cost_basis: '600.00' },
  },
  {
    id: 89,
    at: '2026-03-02T14:30:00.000Z',
    actor_email: 'gp@demo.partners',
    via: 'assistant',
    action: 'holding.add',
    entity: 'holding',
    entity_id: '57',
    before: null,
    after: lot,
  },
  {
    id: 88,
    at: '2026-03-01T20:00:00.000Z',
    actor_email: 'gp@demo.partners',
    via: 'user',
    action: 'balances.update',
    entity: 'account_balance',
    entity_id: '1',
    before: { cash_available: 430000, margin_debit: 120000, accounts_receivable: 35000 },
    after: { cash_available: 425000, margin_debit: 120000, accounts_receivable: 35000 },
  },
  {
    id: 87,
    at: '2026-03-01T19:30:00.000Z',
    actor_email: 'gp@demo.partners',
    via: 'user',
    action: 'venture_asset.delete',
    entity: 'venture_asset',
    entity_id: '9',
    before: { id: 9, name: 'Old Fund', description: '', qty: 10, price_paid: 2, last_price_date: null },
    after: null,
  },
];

type Handlers = Parameters<typeof fakeApi>[0];

function activityApi(overrides: Handlers = {}): FakeApi {
  return fakeApi({
    'portfolio.activity.transactions': () => ({ entries: LEDGER, next: null }),
    'portfolio.activity.auditEvents': () => ({ events: EVENTS, next: null }),
    'auth.clientSettings': () => ({ googleClientId: null }),
    ...overrides,
  });
}

function rowsOf(label: string): HTMLElement[] {
  return within(screen.getByRole('region', { name: label }))
    .getAllByRole('row')
    .slice(1);
}

function cellsOf(row: HTMLElement | undefined): string[] {
  return row
    ? within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent ?? '')
    : [];
}

async function openActivity(role = 'GP', api = activityApi()) {
  storeSession(role);
  renderApp('/activity', api);
  await screen.findByRole('heading', { level: 1, name: 'Activity' });
  await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
  return api;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Activity page', () => {
  it('shows the ledger, newest first, with its figures exact and times in US Eastern time', async () => {
    await openActivity();
    expect(screen.getByRole('heading', { level: 1, name: 'Activity' })).toBeTruthy();
    expect(document.title).toMatch(/^Activity/);
    const headers = within(screen.getByRole('region', { name: 'Transactions table' }))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['When', 'Kind', 'Symbol', 'Quantity', 'Price', 'Amount', 'Realized Gain', 'Cash Available', 'Who', 'Source']);
    const rows = rowsOf('Transactions table');
    expect(rows).toHaveLength(5);
    // The day it belongs to in the books first, then when it was recorded.
    expect(cellsOf(rows[0])).toEqual([
      'Mar 2, 2026' + '10:04 AM',
      'Sell',
      'AAPL',
      '6',
      '$187.125',
      '$1,122.75',
      '+$222.75',
      '$425,000.00 → $426,122.75',
      'gp@demo.partners',
      'Sell action',
    ]);
    // A fraction of a coin, at a price to the cent: nothing rounded away.
    expect(cellsOf(rows[1])).toEqual([
      'Mar 2, 2026' + '9:30 AM',
      'Buy',
      'BTC',
      '0.12345678',
      '$61,234.56',
      '$7,559.82',
      '—',
      'Not settled',
      'gp@demo.partners',
      'Add Investment',
    ]);
    expect(cellsOf(rows[2]).slice(1, 8)).toEqual(['Balances edit', '—', '—', '—', '-$5,000.00', '—', '$430,000.00 → $425,000.00']);
    // A private asset has no symbol: its name stands there.
    expect(cellsOf(rows[3]).slice(1, 6)).toEqual(['Private asset', 'Bluefin Labs (Seed)', '5,000', '$2.50', '$12,500.00']);
    // An opening lot was recorded at seeding but belongs to its purchase day, which comes first.
    expect(cellsOf(rows[4])[0]).toBe('Jun 1, 2024' + 'Recorded Feb 20, 2026, 12:00 PM');
    expect(cellsOf(rows[4]).slice(8)).toEqual(['system', 'Opening lot']);
    expect(screen.getByText('Showing all 5 transactions.')).toBeTruthy();
  });

  it('sends the symbol and kind filters to the server and shows what it answers', async () => {
    const user = userEvent.setup();
    const api = await openActivity(
      'GP',
      activityApi({
        'portfolio.activity.transactions': (input) => {
          const { symbol, kind } = input as { symbol?: string; kind?: string };
          const entries = LEDGER.filter((e) => (!symbol || e.symbol === symbol) && (!kind || e.kind === kind));
          return { entries, next: null };
        },
      }),
    );
    expect(api.callsTo('portfolio.activity.transactions').map((c) => c.input)).toEqual([{ limit: 50 }]);

    const symbol = screen.getByLabelText('Symbol');
    await user.type(symbol, ' aapl ');
    expect((symbol as HTMLInputElement).value).toBe(' AAPL ');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(rowsOf('Transactions table')).toHaveLength(1));
    expect(api.callsTo('portfolio.activity.transactions').at(-1)?.input).toEqual({ limit: 50, symbol: 'AAPL' });
    expect(cellsOf(rowsOf('Transactions table')[0])[2]).toBe('AAPL');

    // The kind applies as soon as it is chosen, with the symbol typed.
    await user.selectOptions(screen.getByLabelText('Kind'), 'Buy');
    expect(await screen.findByText('No transactions match these filters.')).toBeTruthy();
    expect(api.callsTo('portfolio.activity.transactions').at(-1)?.input).toEqual({ limit: 50, symbol: 'AAPL', kind: 'buy' });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rowsOf('Transactions table')).toHaveLength(5));
    expect((screen.getByLabelText('Symbol') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Kind') as HTMLSelectElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();

    // Every kind of the ledger can be chosen.
    const options = within(screen.getByLabelText('Kind'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([
      'All kinds',
      'Buy',
      'Sell',
      'Correction',
      'Deposit',
      'Withdrawal',
      'Balances edit',
      'Private asset',
      'Split',
      'Dividend',
      'Interest received',
      'Margin interest',
      'Fee',
    ]);
  });

  it('loads older pages with "Load more" until the server has no more', async () => {
    const user = userEvent.setup();
    const api = await openActivity(
      'GP',
      activityApi({
        'portfolio.activity.transactions': (input) => {
          const before = (input as { before?: number }).before;
          return before === undefined
            ? { entries: [SALE, BUY], next: 44 }
            : { entries: [BALANCES, ASSET, OPENING].filter((e) => e.id < before), next: null };
        },
      }),
    );
    expect(rowsOf('Transactions table')).toHaveLength(2);
    expect(screen.getByText('Showing the newest 2 transactions.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowsOf('Transactions table')).toHaveLength(5));
    expect(api.callsTo('portfolio.activity.transactions').map((c) => c.input)).toEqual([{ limit: 50 }, { limit: 50, before: 44 }]);
    expect(rowsOf('Transactions table').map((r) => cellsOf(r)[1])).toEqual(['Sell', 'Buy', 'Balances edit', 'Private asset', 'Buy']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('Showing all 5 transactions.')).toBeTruthy();
  });

  it('says so when a further page fails, keeping the rows it has', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await openActivity(
      'GP',
      activityApi({
        'portfolio.activity.transactions': (input) => {
          if ((input as { before?: number }).before !== undefined) throw new FakeApiError(400, 'before must be a number.');
          return { entries: [SALE], next: 45 };
        },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Failed to load more. Please try again.')).toBeTruthy();
    expect(rowsOf('Transactions table')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });

  it('shows the audit log: who, what, and only the fields that changed, old → new', async () => {
    await openActivity();
    const audit = await screen.findByRole('region', { name: 'Audit Log table' });
    expect(
      within(audit)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Who', 'What', 'Before → After']);
    const rows = rowsOf('Audit Log table');
    const changes = (row: HTMLElement | undefined) =>
      row
        ? within(row)
            .queryAllByRole('listitem')
            .map((li) => li.textContent?.replace(/\s+/g, ' '))
        : [];

    // A part sale: quantity and cost basis changed, nothing else.
    expect(cellsOf(rows[0]).slice(0, 3)).toEqual(['Mar 2, 2026, 10:04 AM', 'gp@demo.partners', 'Partly sold holding AAPL (#57)']);
    expect(changes(rows[0])).toEqual(['Qty: 10 → changed to 4', 'Cost basis: $1,500.00 → changed to $600.00']);
    // The arrow is for the eye; a screen reader hears "changed to".
    expect(
      within(rows[0]!)
        .getAllByText('changed to')
        .map((e) => e.className),
    ).toEqual(['visually-hidden', 'visually-hidden']);

    // A new lot lists what it was made with, in reading order; the assistant's trades say so.
    expect(cellsOf(rows[1]).slice(1, 3)).toEqual(['gp@demo.partners via the AI assistant', 'Added holding AAPL (#57)']);
    expect(changes(rows[1])).toEqual([
      'Symbol: AAPL',
      'Asset type: stock',
      'Exchange: NASDAQ',
      'Qty: 10',
      'Price paid: $150.00',
      'Cost basis: $1,500.00',
      'Purchase date: Mar 14, 2025',
    ]);

    expect(cellsOf(rows[2])[2]).toBe('Updated balances');
    expect(changes(rows[2])).toEqual(['Cash available: $430,000.00 → changed to $425,000.00']);

    // A deleted asset shows what it held (blank fields left out).
    expect(cellsOf(rows[3])[2]).toBe('Deleted venture investment Old Fund (#9)');
    expect(changes(rows[3])).toEqual(['Name: Old Fund', 'Qty: 10', 'Price paid: $2.00']);

    // Never raw JSON.
    expect(audit.textContent).not.toMatch(/[{}"]/);
  });

  it('says when there is no activity yet, and when the log is empty', async () => {
    await openActivity(
      'GP',
      activityApi({
        'portfolio.activity.transactions': () => ({ entries: [], next: null }),
        'portfolio.activity.auditEvents': () => ({ events: [], next: null }),
      }),
    );
    expect(await screen.findByText('No activity yet.')).toBeTruthy();
    expect(await screen.findByText('No changes have been logged yet.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Transactions table' })?.querySelector('table')).toBeFalsy();
  });

  it('says when the ledger or the log could not be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSession('GP');
    renderApp(
      '/activity',
      activityApi({
        'portfolio.activity.transactions': () => {
          throw new FakeApiError(500, 'Internal error');
        },
        'portfolio.activity.auditEvents': () => {
          throw new FakeApiError(403, 'Forbidden');
        },
      }),
    );
    expect((await screen.findByText('Failed to load transactions.')).getAttribute('role')).toBe('alert');
    expect((await screen.findByText('Failed to load the audit log.')).getAttribute('role')).toBe('alert');
  });

  it('shows a refused filter’s reason from the server', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await openActivity(
      'GP',
      activityApi({
        'portfolio.activity.transactions': (input) => {
          if ((input as { symbol?: string }).symbol) throw new FakeApiError(400, 'Symbol cannot contain control characters.');
          return { entries: LEDGER, next: null };
        },
      }),
    );
    await user.type(screen.getByLabelText('Symbol'), 'X{Enter}');
    expect(await screen.findByText('Symbol cannot contain control characters.')).toBeTruthy();
  });

  it('lets an LP read it all, with nothing to change', async () => {
    await openActivity('LP');
    await screen.findByRole('region', { name: 'Audit Log table' });
    expect(window.location.pathname).toBe('/activity');
    expect(rowsOf('Transactions table')).toHaveLength(5);
    expect(screen.getByRole('link', { name: /Back to dashboard/ }).getAttribute('href')).toBe('/lp_dashboard');
    const main = screen.getByRole('main');
    const buttons = within(main)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons).toEqual(['Download CSV', 'Apply filters']);
    // The only fields are the filters.
    expect([...main.querySelectorAll('input, select, textarea')].map((e) => e.getAttribute('name') ?? e.tagName)).toEqual([
      'symbol',
      'SELECT',
    ]);
  });

  it('sends a signed-out visitor to /login and an unknown role to /unauthorized', async () => {
    const view = renderApp('/activity', activityApi());
    expect(await screen.findByRole('heading', { name: 'LOGIN' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    view.unmount();

    storeSession('AUDITOR');
    renderApp('/activity', activityApi());
    await waitFor(() => expect(window.location.pathname).toBe('/unauthorized'));
  });

  it('is linked from both dashboards, beside the title', async () => {
    const user = userEvent.setup();
    for (const role of ROLES) {
      storeSession(role);
      const view = renderApp(`/${role.toLowerCase()}_dashboard`, fakeApi({ ...dashboardReads(), ...activityHandlers() }));
      const title = await screen.findByRole('heading', { level: 1, name: `${role} Dashboard` });
      const link = within(title.parentElement!).getByRole('link', { name: 'Activity' });
      expect(link.getAttribute('href')).toBe('/activity');
      if (role === 'LP') {
        await user.click(link);
        expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeTruthy();
        expect(window.location.pathname).toBe('/activity');
      }
      view.unmount();
      localStorage.clear();
    }
  });
});

function activityHandlers(): Handlers {
  return {
    'portfolio.activity.transactions': () => ({ entries: LEDGER, next: null }),
    'portfolio.activity.auditEvents': () => ({ events: EVENTS, next: null }),
  };
}

describe('Download CSV', () => {
  function stubDownload(response: () => Response) {
    const requests: { url: string; authorization: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        requests.push({ url, authorization: new Headers(init?.headers).get('authorization') });
        return response();
      }),
    );
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/csv-1');
    URL.revokeObjectURL = vi.fn();
    return { requests, saved };
  }

  it('fetches the ledger as CSV with the bearer token and saves it as transactions.csv', async () => {
    const user = userEvent.setup();
    const { requests, saved } = stubDownload(
      () => new Response('id,book_date\r\n1,2024-06-01\r\n', { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    );
    await openActivity('LP');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:http://localhost/csv-1', download: 'transactions.csv' }]));
    expect(requests).toEqual([{ url: '/api/export/transactions.csv', authorization: 'Bearer token-LP' }]);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
    expect(await blob.text()).toBe('id,book_date\r\n1,2024-06-01\r\n');
    expect(within(screen.getByRole('main')).queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });

  it('says clearly when the download fails, with the server’s reason', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { saved } = stubDownload(() => Response.json({ error: 'The export is not available right now.' }, { status: 503 }));
    await openActivity('GP');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect((await within(screen.getByRole('main')).findByRole('alert')).textContent).toBe(
      'Failed to download transactions.csv. The export is not available right now.',
    );
    expect(saved).toEqual([]);
  });

  it('ends the session when the server answers 401', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubDownload(() => Response.json({ error: 'Your session has expired.' }, { status: 401 }));
    await openActivity('GP');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('the Activity page’s words for balances and money moved', () => {
  it('says which balances an edit changed, with no $0.00 amount when Cash Available stayed', async () => {
    const receivables = entry({
      id: 50,
      kind: 'balances',
      source: 'balances',
      amount: '0.00',
      settles: true,
      cash_before: '425000.00',
      cash_after: '425000.00',
      details: {
        before: { cash_available: '425000.00', margin_debit: '120000.00', accounts_receivable: '35000.00' },
        after: { cash_available: '425000.00', margin_debit: '120000.00', accounts_receivable: '36500.00' },
      },
    });
    await openActivity('GP', activityApi({ 'portfolio.activity.transactions': () => ({ entries: [receivables], next: null }) }));
    const [row] = rowsOf('Transactions table');
    expect(cellsOf(row).slice(1, 6)).toEqual(['Balances edit' + 'Accounts receivable: $35,000.00 → $36,500.00', '—', '—', '—', '—']);
  });

  it('names deposits and withdrawals in words and shows a stored percentage as a percentage', async () => {
    const events: AuditEvent[] = [
      {
        id: 3,
        at: '2026-03-02T15:04:00.000Z',
        actor_email: 'gp@demo.partners',
        via: 'user',
        action: 'cash.deposit',
        entity: 'account_balance',
        entity_id: '1',
        before: { cash_available: '425000.00' },
        after: { note: 'Capital call', cash_available: '525000.00' },
      },
      {
        id: 2,
        at: '2026-03-02T15:00:00.000Z',
        actor_email: 'gp@demo.partners',
        via: 'user',
        action: 'cash.withdrawal',
        entity: 'account_balance',
        entity_id: '1',
        before: { cash_available: '525000.00' },
        after: { note: '', cash_available: '500000.00' },
      },
      {
        id: 1,
        at: '2026-03-02T14:00:00.000Z',
        actor_email: 'gp@demo.partners',
        via: 'user',
        action: 'venture_asset.update',
        entity: 'venture_asset',
        entity_id: '9',
        before: { id: 9, name: 'Bluefin Labs (Seed)', dividend_pct: '0.000000' },
        after: { id: 9, name: 'Bluefin Labs (Seed)', dividend_pct: '4.125000' },
      },
    ];
    await openActivity('GP', activityApi({ 'portfolio.activity.auditEvents': () => ({ events, next: null }) }));
    await screen.findByRole('region', { name: 'Audit Log table' });
    const rows = rowsOf('Audit Log table');
    expect(rows.map((r) => cellsOf(r)[2])).toEqual([
      'Deposit into Cash Available',
      'Withdrawal from Cash Available',
      'Updated venture investment Bluefin Labs (Seed) (#9)',
    ]);
    expect(cellsOf(rows[2])[3]?.replace(/\s+/g, ' ')).toBe('Dividend %: 0.00% → changed to 4.125%');
  });
});
