/**
 * Google Identity Services, loaded from accounts.google.com only when the server reports a
 * Google client id. Its OAuth token client gives an access token; the server checks that token
 * against Google itself and trusts nothing else the browser sends.
 */
/** docs/product.md §8: the provider's user info could not be read, or had no e-mail. */
export const GOOGLE_USER_INFO_FAILED = 'Failed to fetch Google user info';

const SCRIPT_URL = 'https://accounts.google.com/gsi/client';
const USERINFO_URL = 'https://www.googleapis.com/oauth2/v3/userinfo';
const SCOPES = 'openid email profile';

interface TokenResponse {
  access_token?: string;
  error?: string;
  error_description?: string;
}

interface TokenClient {
  requestAccessToken(overrides?: { prompt?: string }): void;
}

interface GoogleAccounts {
  oauth2: {
    initTokenClient(config: {
      client_id: string;
      scope: string;
      callback: (response: TokenResponse) => void;
      error_callback?: (error: { type: string; message?: string }) => void;
    }): TokenClient;
  };
  id?: { disableAutoSelect(): void };
}

declare global {
  interface Window {
    google?: { accounts?: GoogleAccounts };
  }
}

let loading: Promise<GoogleAccounts> | null = null;

export function loadGoogleIdentity(): Promise<GoogleAccounts> {
  const ready = window.google?.accounts;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleAccounts>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const accounts = window.google?.accounts;
      if (accounts) resolve(accounts);
      else reject(new Error('Google sign-in did not load.'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Google sign-in could not be loaded.'));
    };
    document.head.append(script);
  });
  return loading;
}

/** Opens Google's consent popup; call it straight from a click so the popup is allowed. */
export function requestGoogleAccessToken(accounts: GoogleAccounts, clientId: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const client = accounts.oauth2.initTokenClient({
      client_id: clientId,
      scope: SCOPES,
      callback: (response) => {
        if (response.access_token) resolve(response.access_token);
        else reject(new Error(response.error_description ?? response.error ?? 'Google sign-in was cancelled.'));
      },
      error_callback: (error) => reject(new Error(error.message ?? error.type)),
    });
    client.requestAccessToken();
  });
}

export interface GoogleUserInfo {
  sub: string;
  email?: string;
  given_name?: string;
  family_name?: string;
}

function isUserInfo(value: unknown): value is GoogleUserInfo {
  return typeof value === 'object' && value !== null && 'sub' in value && typeof value.sub === 'string';
}

/** docs/product.md §7: the provider's user-info endpoint, read with the access token. */
export async function fetchGoogleUserInfo(accessToken: string): Promise<GoogleUserInfo> {
  const response = await fetch(USERINFO_URL, { headers: { authorization: `Bearer ${accessToken}` } });
  if (!response.ok) throw new Error(`Google user info answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isUserInfo(body)) throw new Error('Google user info had no subject');
  return body;
}

/** docs/product.md §4: logging out of a Google session also signs out of Google's automatic sign-in. */
export function signOutOfGoogle(): void {
  window.google?.accounts?.id?.disableAutoSelect();
}
