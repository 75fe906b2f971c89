import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApiError, fakeApi, type FakeHandlers } from '../../../test/fake-api';
import { dashboardReads } from '../../../test/portfolio-fixtures';
import { renderApp, storeSession } from '../../../test/render-app';
import { isYes } from './use-assistant';

async function openChat(handlers: FakeHandlers) {
  const user = userEvent.setup();
  storeSession('GP');
  const api = fakeApi(dashboardReads(handlers));
  renderApp('/gp_dashboard', api);
  const toggle = await screen.findByRole('button', { name: 'Open Chatbot' });
  await user.click(toggle);
  const panel = screen.getByRole('region', { name: 'AI Assistant' });
  const send = async (text: string) => {
    await user.type(within(panel).getByLabelText('Ask AI...'), `${text}{Enter}`);
  };
  return { user, api, panel, send };
}

const messages = (panel: HTMLElement) => Array.from(panel.querySelectorAll('li')).map((li) => li.textContent);

describe('the assistant panel', () => {
  it('opens and closes from its toggle, with the placeholder before the first message', async () => {
    const { user, panel } = await openChat({});
    expect(within(panel).getByText('Buy or Sell a stock...')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Send' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close Chatbot' }));
    expect(screen.queryByRole('region', { name: 'AI Assistant' })).toBeNull();
  });

  it('sends the reply after a confirmation request as the confirmation, then returns to prompts', async () => {
    let confirmations = 0;
    const { api, panel, send } = await openChat({
      'ai.prompt': (input) => {
        const { prompt } = input;
        return prompt.startsWith('buy')
          ? { message: 'Buy 3 AAPL at $150.00? Reply yes to confirm.', requiresConfirmation: true }
          : { message: 'The firm holds 40 AAPL.', requiresConfirmation: false };
      },
      'ai.confirm': (input) => {
        confirmations += 1;
        return { message: input.confirm ? 'Bought 3 AAPL.' : 'Cancelled. Nothing was bought or sold.' };
      },
    });
    await send('buy 3 AAPL at 150');
    await within(panel).findByText('Buy 3 AAPL at $150.00? Reply yes to confirm.');
    const valuationLoads = api.callsTo('portfolio.positions').length;
    await send('Yes please');
    await within(panel).findByText('Bought 3 AAPL.');
    expect(api.callsTo('ai.confirm')[0]?.input).toEqual({ confirm: true });
    // The new lot and the cash it took show: the engine's figures are loaded again.
    await waitFor(() => expect(api.callsTo('portfolio.positions').length).toBeGreaterThan(valuationLoads));

    // Normal mode again: the next message is a prompt.
    await send('what is my position in AAPL?');
    await within(panel).findByText('The firm holds 40 AAPL.');
    expect(confirmations).toBe(1);

    await send('buy 3 AAPL at 150');
    await within(panel).findAllByText('Buy 3 AAPL at $150.00? Reply yes to confirm.');
    await send('nah');
    await within(panel).findByText('Cancelled. Nothing was bought or sold.');
    expect(api.callsTo('ai.confirm')[1]?.input).toEqual({ confirm: false });
    expect(messages(panel).map((m) => m?.replace(/^(You|AI): /, ''))).toContain('nah');
  });

  it('clears the confirmation mode on an error and says so', async () => {
    let failConfirm = true;
    const { api, panel, send } = await openChat({
      'ai.prompt': () => ({ message: 'Sell 1 BTC? Reply yes to confirm.', requiresConfirmation: true }),
      'ai.confirm': () => {
        if (failConfirm) throw new FakeApiError(502, 'Error contacting AI');
        return { message: '' };
      },
    });
    await send('sell 1 BTC');
    await within(panel).findByText('Sell 1 BTC? Reply yes to confirm.');
    await send('yes');
    await within(panel).findByText('Error contacting AI');
    failConfirm = false;
    // Back to prompts: this one asks again rather than confirming.
    await send('yes');
    await waitFor(() => expect(api.callsTo('ai.prompt')).toHaveLength(2));
    expect(api.callsTo('ai.confirm')).toHaveLength(1);
  });

  it('says "Sorry, no response" to an empty reply', async () => {
    const { panel, send } = await openChat({ 'ai.prompt': () => ({ message: '', requiresConfirmation: false }) });
    await send('hello');
    expect(await within(panel).findByText('Sorry, no response')).toBeTruthy();
  });

  it('reads a reply starting with y, in either case, as yes', () => {
    expect(isYes('Yes')).toBe(true);
    expect(isYes('  y')).toBe(true);
    expect(isYes('YEP')).toBe(true);
    expect(isYes('no')).toBe(false);
    expect(isYes('okay')).toBe(false);
  });
});
