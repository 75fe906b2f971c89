import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ASSET_ROW_RULE } from '@contract/asset-rules';
import { BOOK_DATE_RULE } from '@contract/book-dates';
import { FakeApiError, fakeApi } from '../../../test/fake-api';
import { booksFixture, dashboardReads } from '../../../test/portfolio-fixtures';
import { renderApp, storeSession } from '../../../test/render-app';
import type { VentureAsset } from '../portfolio-types';

/** A venture list the fake server keeps in its books, so saves and updates show (with the engine's figures) on the next load. */
function ventureServer() {
  const books = booksFixture();
  const ventures = books.ventures;
  return {
    ventures,
    handlers: dashboardReads(
      {
        'assets.venture.save': (input) => {
          const { assets } = input as { assets: Record<string, string>[] };
          const added: VentureAsset[] = [];
          for (const a of assets) {
            added.push({
              id: 100 + ventures.length + added.length,
              name: a.name ?? '',
              description: '',
              purchase_date: a.purchase_date ?? '',
              qty: Number(a.qty),
              price_paid: Number(a.price_paid),
              last_price_at_date: Number(a.last_price_at_date),
              last_price_date: '2026-03-02',
              value: Number(a.qty) * Number(a.last_price_at_date),
              dividend_dollar: Number(a.dividend_dollar),
              dividend_pct: Number(a.dividend_pct),
            });
          }
          ventures.push(...added);
          return added;
        },
        'assets.venture.update': (input) => {
          const row = input as { id: number; name: string; last_price_at_date: string };
          const saved = ventures.find((v) => v.id === row.id);
          if (!saved) throw new FakeApiError(404, `No venture ${row.id}.`);
          Object.assign(saved, { name: row.name, last_price_at_date: Number(row.last_price_at_date) });
          return saved;
        },
      },
      books,
    ),
  };
}

/** Puts text in a field in one change (typing it key by key re-renders the page for each key). */
async function fill(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

const ventureTable = () => screen.getByRole('region', { name: 'Venture Investments table' });

describe('venture investment rows', () => {
  it('go from unsaved to saved read-only, open with the pencil and close again with the save button', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const server = ventureServer();
    const api = fakeApi(server.handlers);
    renderApp('/gp_dashboard', api);
    await user.click(await screen.findByRole('button', { name: '+ Add Venture Investment' }));

    // A new row: inputs, and the save button while it is unsaved.
    await fill(user, 'Name (new row 1)', 'Harborline Health');
    await fill(user, 'Purchase Date (new row 1)', '2025-13-01');
    await fill(user, 'Qty (new row 1)', '2000');
    await fill(user, 'Price Paid $ (new row 1)', '1.25');
    await fill(user, 'Last Price $ (new row 1)', '1.60');
    await user.type(screen.getByLabelText('Dividend $ (new row 1)'), '1,2a0');
    expect((screen.getByLabelText('Dividend $ (new row 1)') as HTMLInputElement).value).toBe('120');

    // docs/product.md §5's rule, checked before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Save Venture Investment' }));
    expect(await screen.findByText(`${ASSET_ROW_RULE} Check Purchase Date.`)).toBeTruthy();
    expect(api.callsTo('assets.venture.save')).toHaveLength(0);
    // The refused input says so to assistive technology, with its hint as its description.
    const date = screen.getByLabelText('Purchase Date (new row 1)');
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(date.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Enter a date as YYYY-MM-DD.');
    expect(screen.getByLabelText('Name (new row 1)').hasAttribute('aria-invalid')).toBe(false);

    await fill(user, 'Purchase Date (new row 1)', '2025-01-15');
    expect(screen.getByLabelText('Purchase Date (new row 1)').hasAttribute('aria-invalid')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Save Venture Investment' }));
    await waitFor(() => expect(api.callsTo('assets.venture.save')).toHaveLength(1));
    expect(api.callsTo('assets.venture.save')[0]?.input).toEqual({
      assets: [
        {
          name: 'Harborline Health',
          purchase_date: '2025-01-15',
          qty: '2000',
          price_paid: '1.25',
          last_price_at_date: '1.60',
          value: '3200.00',
          last_price_date: null,
          dividend_dollar: '120',
          dividend_pct: '0',
        },
      ],
    });

    // Saved: read-only, with a pencil and the engine's figures; the save button has gone with the unsaved rows.
    const saved = (await within(ventureTable()).findByRole('button', { name: 'Edit Harborline Health' })).closest('tr');
    expect(Array.from(saved?.querySelectorAll('td') ?? []).map((td) => td.textContent)).toEqual([
      'Jan 15, 2025',
      '1.60as of Mar 2, 2026',
      '2,000',
      '1.25',
      '2,500.00', // Total Cost $
      '+700.00', // Total Gain $
      '+28.00%',
      '3,200.00', // Value $
      '120.00',
      '0.00%',
      '',
    ]);
    // The TOTAL row is the engine's: Northwind's 4,000 cost and 6,500 value with these.
    expect(ventureTable().querySelector('tfoot tr')?.textContent).toContain('9,700.00');
    expect(screen.queryByRole('button', { name: 'Save Venture Investment' })).toBeNull();
    expect(within(ventureTable()).queryByLabelText('Name (new row 1)')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit Harborline Health' }));
    await fill(user, 'Last Price $ (Harborline Health)', '2.10');
    await user.click(screen.getByRole('button', { name: 'Save Harborline Health' }));
    await waitFor(() => expect(api.callsTo('assets.venture.update')).toHaveLength(1));
    expect(api.callsTo('assets.venture.update')[0]?.input).toMatchObject({
      id: 101,
      name: 'Harborline Health',
      last_price_at_date: '2.10',
    });
    await waitFor(() => expect(screen.queryByLabelText('Last Price $ (Harborline Health)')).toBeNull());
    expect(screen.getByRole('button', { name: 'Edit Harborline Health' })).toBeTruthy();
    // The figures arrive with the refreshed valuation, which the dashboard renders in a transition.
    await waitFor(() => {
      const row = within(ventureTable()).getByRole('rowheader', { name: 'Harborline Health' }).closest('tr');
      expect(row?.textContent).toContain('2.10');
      expect(row?.textContent).toContain('4,200.00'); // The engine's new value, 2,000 × 2.10
    });
  });

  it('names every field that is wrong, keeps the books’ date rule, and replaces the last refusal with what was saved', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const server = ventureServer();
    const api = fakeApi(server.handlers);
    renderApp('/gp_dashboard', api);
    await user.click(await screen.findByRole('button', { name: '+ Add Venture Investment' }));
    await user.click(screen.getByRole('button', { name: 'Save Venture Investment' }));
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(notifications).findByText(`${ASSET_ROW_RULE} Check Name, Purchase Date.`)).toBeTruthy();

    await fill(user, 'Name (new row 1)', 'Harborline Health');
    await fill(user, 'Purchase Date (new row 1)', '2100-12-31');
    await user.click(screen.getByRole('button', { name: 'Save Venture Investment' }));
    expect(await within(notifications).findByText(BOOK_DATE_RULE)).toBeTruthy();
    const date = screen.getByLabelText('Purchase Date (new row 1)');
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(date.getAttribute('aria-describedby') ?? '')?.textContent).toBe(BOOK_DATE_RULE);
    expect(api.callsTo('assets.venture.save')).toHaveLength(0);

    // Blank figures are saved as 0 (docs/product.md §5), and the success says so; the refusal's toast is gone at once.
    await fill(user, 'Purchase Date (new row 1)', '2025-01-15');
    await user.click(screen.getByRole('button', { name: 'Save Venture Investment' }));
    expect(
      await within(notifications).findByText('Saved Harborline Health. Qty, Price Paid $ and Last Price $ were blank and are saved as 0.'),
    ).toBeTruthy();
    expect(within(notifications).queryByText(BOOK_DATE_RULE)).toBeNull();
    expect(within(notifications).queryByRole('alert')?.textContent).toBe('');
    expect(api.callsTo('assets.venture.save')[0]?.input).toMatchObject({
      assets: [{ name: 'Harborline Health', purchase_date: '2025-01-15', qty: '0', price_paid: '0', last_price_at_date: '0' }],
    });

    await user.click(await screen.findByRole('button', { name: 'Edit Harborline Health' }));
    await fill(user, 'Last Price $ (Harborline Health)', '2.10');
    await user.click(screen.getByRole('button', { name: 'Save Harborline Health' }));
    expect(await within(notifications).findByText('Saved Harborline Health.')).toBeTruthy();
  });

  it('drops an unsaved row locally and asks the server to delete a saved one', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const api = fakeApi(dashboardReads({ 'assets.venture.remove': () => ({ message: 'Deleted.' }) }));
    renderApp('/gp_dashboard', api);
    await user.click(await screen.findByRole('button', { name: '+ Add Venture Investment' }));
    await user.click(screen.getByRole('button', { name: 'Remove new row 1' }));
    expect(screen.queryByLabelText('Name (new row 1)')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save Venture Investment' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete Northwind Robotics' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete venture investment' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('assets.venture.remove')[0]?.input).toEqual({ id: 11 }));
  });

  it('shows docs/product.md §8 texts when the server refuses', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const refuse = (message: string) => () => {
      throw new FakeApiError(400, message);
    };
    renderApp(
      '/gp_dashboard',
      fakeApi(dashboardReads({ 'assets.venture.save': refuse('Qty cannot be negative.'), 'assets.venture.update': refuse('nope') })),
    );
    await user.click(await screen.findByRole('button', { name: '+ Add Venture Investment' }));
    await fill(user, 'Name (new row 1)', 'Bad');
    await fill(user, 'Purchase Date (new row 1)', '2025-01-15');
    await user.click(screen.getByRole('button', { name: 'Save Venture Investment' }));
    expect(await screen.findByText('Error saving assets: Qty cannot be negative.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit Northwind Robotics' }));
    await user.click(screen.getByRole('button', { name: 'Save Northwind Robotics' }));
    expect(await screen.findByText('Failed to update asset')).toBeTruthy();
  });

  it('adds up the real estate TOTAL row, with the annual income at 12 × the monthly total', async () => {
    storeSession('GP');
    renderApp('/gp_dashboard', fakeApi(dashboardReads()));
    const table = await screen.findByRole('region', { name: 'Real Estate table' });
    const total = table.querySelector('tfoot tr');
    expect(total?.textContent).toContain('$55,200.00 a year');
    expect(total?.textContent).toContain('+190,000.00');
    // Total Value: 700,000 market value and 90,000 rent, for the row and the TOTAL.
    const row = within(table).getByRole('rowheader', { name: 'Maple Street Duplex' }).closest('tr');
    expect(row?.textContent).toContain('790,000.00');
    expect(total?.textContent).toContain('790,000.00');
    expect(total?.textContent).toContain('+31.67%');
  });
});
