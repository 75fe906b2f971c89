import { createTRPCReact, httpBatchLink } from '@trpc/react-query';
import { navigate } from 'wouter/use-browser-location';
import { MAX_BATCH_SIZE } from '@contract/limits';
import type { AppRouter } from '@server/router';
import { clearSession, readSession } from './session';
import { sessionEndLink } from './session-end-link';
import { stepUpLink } from './step-up';
import { TWO_FACTOR_SETUP_PATH } from './paths';

export const trpc = createTRPCReact<AppRouter>();

/** Empty means the API is served from the same origin as the page. */
export const API_BASE = (import.meta.env.VITE_API_URL ?? '').replace(/\/$/, '');

/** The session ended on the server (expired, password changed, user deleted): log out quietly. */
export function endSession(): void {
  clearSession();
  if (globalThis.location?.pathname !== '/login') navigate('/login', { replace: true });
}

export interface TrpcClientOptions {
  /** Tests pass a fake server here. */
  fetch?: typeof globalThis.fetch;
  onSessionEnded?: () => void;
}

/** docs/decisions/0016: a GP the policy requires to have a second factor is taken to its set-up. */
function goToSetUp(): void {
  if (globalThis.location?.pathname !== TWO_FACTOR_SETUP_PATH) navigate(TWO_FACTOR_SETUP_PATH);
}

function authorization(): Record<string, string> {
  const token = readSession()?.token;
  return token ? { authorization: `Bearer ${token}` } : {};
}

export function createTrpcClient(options: TrpcClientOptions = {}) {
  return trpc.createClient({
    links: [
      sessionEndLink(options.onSessionEnded ?? endSession),
      stepUpLink(goToSetUp),
      httpBatchLink({
        url: `${API_BASE}/trpc`,
        maxItems: MAX_BATCH_SIZE,
        fetch: options.fetch,
        headers: authorization,
      }),
    ],
  });
}
