import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApiError, fakeApi, type ProcedureOutput } from '../../test/fake-api';
import { renderApp, storeSession } from '../../test/render-app';

const USERS: ProcedureOutput<'admin.users.list'>['users'] = [
  {
    id: 1,
    first_name: 'Grace',
    last_name: 'Porter',
    email: 'gp@demo.partners',
    role: 'GP',
    auth_method: 'local',
    last_login: null,
    last_edit: null,
    created_at: '2026-01-02T15:00:00.000Z',
  },
  {
    id: 2,
    first_name: 'Leo',
    last_name: 'Parker',
    email: 'lp@demo.partners',
    role: 'LP',
    auth_method: 'google',
    last_login: null,
    last_edit: null,
    created_at: '2026-01-03T15:00:00.000Z',
  },
];
const LOGS: ProcedureOutput<'admin.users.list'>['logs'] = [
  {
    id: 7,
    user_id: 2,
    user_email: 'lp@demo.partners',
    field_changed: 'last_name',
    old_value: 'Park',
    new_value: 'Parker',
    changed_by: 2,
    changed_at: '2026-01-04T15:00:00.000Z',
  },
];

function rowsOf(tableLabel: string) {
  return within(screen.getByRole('region', { name: tableLabel }))
    .getAllByRole('row')
    .slice(1);
}

describe('user information', () => {
  it('shows every returned field as a column, and the edit logs', async () => {
    storeSession('GP');
    renderApp('/user_info', fakeApi({ 'admin.users.list': () => ({ users: USERS, logs: LOGS }) }));
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
    const headers = within(await screen.findByRole('region', { name: 'Users' }))
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[↕▲▼]/g, ''));
    expect(headers).toEqual([
      'ID',
      'First Name',
      'Last Name',
      'Email',
      'Role',
      'Auth Method',
      'Last Login',
      'Last Edit',
      'Created At',
      'Actions',
    ]);
    expect(screen.getByRole('heading', { name: 'User Edit Logs' })).toBeTruthy();
    expect(rowsOf('User Edit Logs')[0]?.textContent).toContain('Park');
  });

  it('keeps the rows where any field contains the search text, ignoring case', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    renderApp('/user_info', fakeApi({ 'admin.users.list': () => ({ users: USERS, logs: LOGS }) }));
    await screen.findByRole('region', { name: 'Users' });
    await user.type(screen.getByLabelText('Search users'), 'GOOGLE');
    await waitFor(() => expect(rowsOf('Users')).toHaveLength(1));
    expect(rowsOf('Users')[0]?.textContent).toContain('lp@demo.partners');
    await user.clear(screen.getByLabelText('Search users'));
    await user.type(screen.getByLabelText('Search users'), 'porter');
    await waitFor(() => expect(rowsOf('Users')[0]?.textContent).toContain('gp@demo.partners'));
    expect(rowsOf('Users')).toHaveLength(1);
  });

  it('deletes a user only after the confirmation', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const api = fakeApi({
      'admin.users.list': () => ({ users: USERS, logs: [] }),
      'admin.users.remove': () => ({ message: 'User deleted.' }),
    });
    renderApp('/user_info', api);
    await user.click(await screen.findByRole('button', { name: 'Delete lp@demo.partners' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete user' });
    expect(within(dialog).getByText('Are you sure you want to delete this user?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.callsTo('admin.users.remove')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete lp@demo.partners' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete user' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted.')).toBeTruthy();
    expect(api.callsTo('admin.users.remove')[0]?.input).toEqual({ id: 2 });
  });

  it('asks for a code when the server wants a recent second factor, then deletes once it is given', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    let verified = false;
    const api = fakeApi({
      'admin.users.list': () => ({ users: USERS, logs: [] }),
      'auth.passkeys.list': () => ({ passkeys: [] }),
      'admin.users.remove': () => {
        if (!verified) throw new FakeApiError(403, 'Confirm it is you: enter a code from your authenticator app.', { stepUp: true });
        return { message: 'User deleted.' };
      },
      'auth.secondFactor.stepUp': ({ code }) => {
        if (code !== '654321') throw new FakeApiError(400, 'That code is not right. Check your authenticator app and try again.');
        verified = true;
        return { message: 'Confirmed.' };
      },
    });
    renderApp('/user_info', api);
    await user.click(await screen.findByRole('button', { name: 'Delete lp@demo.partners' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete user' })).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(dialog).getByLabelText('Authentication code'), '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('That code is not right. Check your authenticator app and try again.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Authentication code'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('User deleted.')).toBeTruthy();
    expect(api.callsTo('admin.users.remove')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull());
  });

  it("shows the server's reason when a delete is refused", async () => {
    const user = userEvent.setup();
    storeSession('GP');
    const api = fakeApi({
      'admin.users.list': () => ({ users: USERS, logs: [] }),
      'admin.users.remove': () => {
        throw new FakeApiError(409, 'The last general partner cannot be deleted.');
      },
    });
    renderApp('/user_info', api);
    await user.click(await screen.findByRole('button', { name: 'Delete gp@demo.partners' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The last general partner cannot be deleted.')).toBeTruthy();
  });
});

const SUBMISSIONS: ProcedureOutput<'contact.list'> = [
  { id: 1, name: 'Bea', email: 'zed@example.com', phone: '', message: 'first', created_at: '2026-03-01T12:00:00.000Z', handled_at: null },
  {
    id: 2,
    name: 'Al',
    email: 'amy@example.com',
    phone: '2125550199',
    message: 'second',
    created_at: '2026-03-02T12:00:00.000Z',
    handled_at: null,
  },
  { id: 3, name: 'Cy', email: 'moe@example.com', phone: '', message: 'third', created_at: '2026-02-01T12:00:00.000Z', handled_at: null },
];

describe('form submissions', () => {
  const names = () => rowsOf('Form submissions').map((row) => within(row).getAllByRole('cell')[0]?.textContent);

  it('lists them most recent first, in US Eastern time, and sorts them by the chosen order', async () => {
    const user = userEvent.setup();
    storeSession('GP');
    renderApp('/submissions', fakeApi({ 'contact.list': () => SUBMISSIONS }));
    expect(await screen.findByRole('heading', { name: 'Form Submissions' })).toBeTruthy();
    await screen.findByRole('region', { name: 'Form submissions' });
    expect(names()).toEqual(['Al', 'Bea', 'Cy']);
    expect(within(rowsOf('Form submissions')[0]!).getAllByRole('cell')[4]?.textContent).toBe('Mar 2, 2026, 7:00 AM');

    const sort = screen.getByLabelText('Sort by');
    expect((sort as HTMLSelectElement).value).toBe('recent');
    const order = async (label: string) => {
      await user.selectOptions(sort, label);
      return names();
    };
    expect(await order('Oldest')).toEqual(['Cy', 'Bea', 'Al']);
    expect(await order('Name A-Z')).toEqual(['Al', 'Bea', 'Cy']);
    expect(await order('Name Z-A')).toEqual(['Cy', 'Bea', 'Al']);
    expect(await order('Email A-Z')).toEqual(['Al', 'Cy', 'Bea']);
    expect(await order('Email Z-A')).toEqual(['Bea', 'Cy', 'Al']);
    expect(await order('Most Recent')).toEqual(['Al', 'Bea', 'Cy']);
  });

  it("says 'Loading...', then 'No submissions found.' when there are none", async () => {
    storeSession('GP');
    renderApp('/submissions', fakeApi({ 'contact.list': () => [] }));
    expect(await screen.findByText('Loading...')).toBeTruthy();
    expect(await screen.findByText('No submissions found.')).toBeTruthy();
  });

  it("says 'Failed to load submissions.' when the list cannot be loaded", async () => {
    storeSession('GP');
    renderApp(
      '/submissions',
      fakeApi({
        'contact.list': () => {
          throw new FakeApiError(403, 'Only general partners can do that.');
        },
      }),
    );
    expect(await screen.findByText('Failed to load submissions.')).toBeTruthy();
  });
});
