import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { site } from '../site';
import { FakeApiError, fakeApi } from '../test/fake-api';
import { renderApp } from '../test/render-app';

describe('the home page', () => {
  it("shows the firm's title, its description and the backend's ping message", async () => {
    renderApp('/', fakeApi({ ping: () => ({ message: 'Welcome! The partner portal is online.' }) }));
    expect(screen.getByRole('heading', { level: 1, name: site.home.title })).toBeTruthy();
    expect(screen.getByText(site.home.intro)).toBeTruthy();
    expect(await screen.findByText('Welcome! The partner portal is online.')).toBeTruthy();
  });

  it("says 'Failed to connect to backend' when the ping fails", async () => {
    renderApp(
      '/',
      fakeApi({
        ping: () => {
          throw new FakeApiError(500, 'Something went wrong. Please try again.');
        },
      }),
    );
    expect(await screen.findByText('Failed to connect to backend')).toBeTruthy();
  });
});
