import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DataTable, type Column } from './data-table';

interface Entry {
  id: number;
  name: string;
  amount: string;
  day: string;
}

const ENTRIES: Entry[] = [
  { id: 1, name: 'beta', amount: '10.00', day: '2024-03-01' },
  { id: 2, name: 'Alpha', amount: '9.999999999999999999', day: '2023-12-31' },
  { id: 3, name: 'gamma', amount: '-2.50', day: '2024-01-15' },
];

const COLUMNS: Column<Entry>[] = [
  { key: 'name', header: 'Name', text: (e) => e.name },
  { key: 'amount', header: 'Amount', text: (e) => e.amount, sort: 'decimal', className: 'num' },
  { key: 'day', header: 'Day', text: (e) => e.day, sort: 'date' },
];

const table = () => screen.getByRole('region', { name: 'Entries' });
const column = (index: number) =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[index]?.textContent);

describe('DataTable', () => {
  it('is named by its caption and region, and sorts by a header: ascending first, then descending', async () => {
    const user = userEvent.setup();
    render(<DataTable label="Entries" columns={COLUMNS} rows={ENTRIES} rowKey={(e) => e.id} />);
    expect(within(table()).getByRole('table', { name: 'Entries' })).toBeTruthy();
    const amount = within(table()).getByRole('columnheader', { name: 'Amount' });
    expect(amount.getAttribute('aria-sort')).toBe('none');

    await user.click(within(amount).getByRole('button'));
    expect(amount.getAttribute('aria-sort')).toBe('ascending');
    expect(column(1)).toEqual(['-2.50', '9.999999999999999999', '10.00']);
    await user.click(within(amount).getByRole('button'));
    expect(amount.getAttribute('aria-sort')).toBe('descending');
    expect(column(1)).toEqual(['10.00', '9.999999999999999999', '-2.50']);

    await user.click(within(table()).getByRole('button', { name: 'Day' }));
    expect(column(2)).toEqual(['2023-12-31', '2024-01-15', '2024-03-01']);
    await user.click(within(table()).getByRole('button', { name: 'Name' }));
    expect(column(0)).toEqual(['Alpha', 'beta', 'gamma']);
    expect(amount.getAttribute('aria-sort')).toBe('none');
  });

  it('has no sort buttons when it does not sort', () => {
    render(<DataTable label="Entries" columns={COLUMNS} rows={ENTRIES} rowKey={(e) => e.id} sortable={false} />);
    expect(within(table()).queryAllByRole('button')).toEqual([]);
    expect(within(table()).getByRole('columnheader', { name: 'Amount' }).hasAttribute('aria-sort')).toBe(false);
  });

  it('says when it is empty or loading', () => {
    const { rerender } = render(<DataTable label="Entries" columns={COLUMNS} rows={[]} rowKey={(e) => e.id} empty="Nothing yet." />);
    expect(within(table()).getByRole('cell', { name: 'Nothing yet.' })).toBeTruthy();
    rerender(<DataTable label="Entries" columns={COLUMNS} rows={ENTRIES} rowKey={(e) => e.id} loading />);
    expect(within(table()).getByRole('cell', { name: 'Loading…' })).toBeTruthy();
    expect(within(table()).getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(within(table()).queryByText('beta')).toBeNull();
  });

  it('heads rows with their first cell and ends with footer lines under the right columns', () => {
    render(
      <DataTable
        label="Entries"
        columns={COLUMNS}
        rows={ENTRIES}
        rowKey={(e) => e.id}
        rowHeader
        footer={[{ key: 'total', label: 'TOTAL', cells: { amount: { content: '17.50' } } }]}
      />,
    );
    expect(within(table()).getByRole('rowheader', { name: 'Alpha' })).toBeTruthy();
    const total = within(table()).getByRole('rowheader', { name: 'TOTAL' }).closest('tr');
    expect(Array.from(total?.querySelectorAll('td') ?? []).map((td) => td.textContent)).toEqual(['17.50', '']);
  });

  it('keeps sub-rows under their parent, in their own order, whichever way it sorts', async () => {
    interface Node {
      id: string;
      name: string;
      children: Node[];
    }
    const tree: Node[] = [
      {
        id: 'b',
        name: 'B',
        children: [
          { id: 'b2', name: 'z lot', children: [] },
          { id: 'b1', name: 'a lot', children: [] },
        ],
      },
      { id: 'a', name: 'A', children: [] },
    ];
    const user = userEvent.setup();
    render(
      <DataTable<Node>
        label="Entries"
        columns={[
          {
            key: 'name',
            header: 'Name',
            text: (n) => n.name,
            cell: (n, row) =>
              n.children.length ? (
                <button type="button" onClick={row.toggleExpanded}>
                  {n.name}
                </button>
              ) : (
                n.name
              ),
          },
        ]}
        rows={tree}
        rowKey={(n) => n.id}
        subRows={(n) => n.children}
        initialSort={{ key: 'name', descending: true }}
      />,
    );
    await user.click(within(table()).getByRole('button', { name: 'B' }));
    expect(column(0)).toEqual(['B', 'z lot', 'a lot', 'A']);
    await user.click(within(table()).getByRole('button', { name: /^Name/ }));
    expect(column(0)).toEqual(['A', 'B', 'z lot', 'a lot']);
  });

  it('says which rows are open, and shows a row that answers a full row as one cell across the table', async () => {
    interface Node {
      id: string;
      name: string;
      amount: string;
      children: Node[];
    }
    const tree: Node[] = [
      { id: 'b', name: 'B', amount: '2', children: [{ id: 'b-loading', name: 'Loading…', amount: '0', children: [] }] },
      { id: 'a', name: 'A', amount: '1', children: [{ id: 'a-loading', name: 'Loading…', amount: '0', children: [] }] },
    ];
    const opened: string[][] = [];
    const user = userEvent.setup();
    render(
      <DataTable<Node>
        label="Entries"
        columns={[
          {
            key: 'name',
            header: 'Name',
            text: (n) => n.name,
            cell: (n, row) => (
              <button type="button" onClick={row.toggleExpanded}>
                {n.name}
              </button>
            ),
          },
          { key: 'amount', header: 'Amount', text: (n) => n.amount, sort: 'decimal' },
        ]}
        rows={tree}
        rowKey={(n) => n.id}
        subRows={(n) => n.children}
        onOpenChange={(open) => opened.push(open)}
        fullRow={(n) => (n.id.endsWith('-loading') ? <span role="status">{n.name}</span> : undefined)}
        initialSort={{ key: 'name' }}
      />,
    );
    await user.click(within(table()).getByRole('button', { name: 'B' }));
    await user.click(within(table()).getByRole('button', { name: 'A' }));
    expect(opened).toEqual([['b'], ['b', 'a']]);
    const status = within(table()).getAllByRole('status');
    expect(status.map((s) => s.textContent)).toEqual(['Loading…', 'Loading…']);
    const cell = status[0]?.closest('td');
    expect(cell?.colSpan).toBe(2);
    expect(cell?.closest('tr')?.querySelectorAll('td, th')).toHaveLength(1);
    await user.click(within(table()).getByRole('button', { name: /^Amount/ }));
    expect(
      within(table())
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Name↕Amount▲', 'A1', 'Loading…', 'B2', 'Loading…']);
    await user.click(within(table()).getByRole('button', { name: 'B' }));
    expect(opened.at(-1)).toEqual(['a']);
  });
});
