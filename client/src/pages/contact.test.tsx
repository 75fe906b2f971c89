import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { renderApp } from '../test/render-app';

const PHONE_MESSAGE = 'Phone number must be exactly 10 digits.';

function contactApi() {
  return fakeApi({ ping: () => ({ message: 'ok' }), 'contact.submit': () => ({ message: 'Submission successful!' }) });
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Inquiry'), 'I would like to learn more.');
}

describe('the contact form', () => {
  it('ignores non-digit keystrokes in the phone field and keeps at most ten digits', async () => {
    const user = userEvent.setup();
    renderApp('/contact', contactApi());
    const phone = await screen.findByLabelText('Phone');
    await user.type(phone, '(555) 12a-3b4');
    expect(phone).toHaveProperty('value', '5551234');
    await user.type(phone, '567890123');
    expect(phone).toHaveProperty('value', '5551234567');
    expect(phone.getAttribute('title')).toBe('Please enter exactly 10 digits');
    expect(phone.getAttribute('pattern')).toBe('[0-9]{10}');
  });

  it('keeps only the digits of pasted text', async () => {
    const user = userEvent.setup();
    renderApp('/contact', contactApi());
    const phone = await screen.findByLabelText('Phone');
    await user.click(phone);
    await user.paste('+1 (212) 555-0199 ext 9');
    expect(phone).toHaveProperty('value', '1212555019');
  });

  it('alerts and sends nothing when the phone has fewer than ten digits', async () => {
    const user = userEvent.setup();
    const api = contactApi();
    renderApp('/contact', api);
    await fillRequired(user);
    await user.type(screen.getByLabelText('Phone'), '55512');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(PHONE_MESSAGE)).toBeTruthy();
    expect(within(screen.getAllByRole('alert')[0]!).getByText(PHONE_MESSAGE)).toBeTruthy();
    const phone = screen.getByLabelText('Phone');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    // The hint stays read with the field; the message comes after it.
    expect(phone.getAttribute('aria-describedby')?.split(' ')[1]).toBe(screen.getByText(PHONE_MESSAGE).id);
    expect(api.callsTo('contact.submit')).toHaveLength(0);
  });

  it('ties the contract’s messages to the required fields', async () => {
    const user = userEvent.setup();
    const api = contactApi();
    renderApp('/contact', api);
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    for (const [label, text] of [
      ['Name', 'Name is required.'],
      ['Email', 'Email is required.'],
      ['Inquiry', 'Message is required.'],
    ] as const) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toBe(screen.getByText(text).id);
    }
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));

    await user.type(screen.getByLabelText('Name'), 'Ada');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Name is required.')).toBeNull();
    expect(api.callsTo('contact.submit')).toHaveLength(0);
  });

  it('sends a valid inquiry, shows the answer and clears every field', async () => {
    const user = userEvent.setup();
    const api = contactApi();
    renderApp('/contact', api);
    await fillRequired(user);
    await user.type(screen.getByLabelText('Phone'), '2125550199');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Submission successful!')).toBeTruthy();
    expect(api.callsTo('contact.submit')[0]?.input).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '2125550199',
      message: 'I would like to learn more.',
    });
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveProperty('value', ''));
    for (const label of ['Email', 'Phone', 'Inquiry']) expect(screen.getByLabelText(label)).toHaveProperty('value', '');
  });
});
