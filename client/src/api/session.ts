import { useSyncExternalStore } from 'react';
import { clearChat } from '../lib/chat-store';

/** docs/product.md §3: the session kept in the browser's local storage under these keys. */
export const SESSION_KEYS = { token: 'token', role: 'role', authMethod: 'authMethod' } as const;

export type AuthMethod = 'local' | 'google';

export interface Session {
  token: string;
  /** Upper-cased when stored. */
  role: string;
  authMethod: AuthMethod;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { key: string; session: Session | null } | null = null;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage blocked by the browser's settings
  }
}

function emit(): void {
  cached = null;
  for (const listener of listeners) listener();
}

/** The stored session; logged in means a token is stored. */
export function readSession(): Session | null {
  const store = storage();
  const token = store?.getItem(SESSION_KEYS.token) ?? null;
  const role = store?.getItem(SESSION_KEYS.role) ?? '';
  const method = store?.getItem(SESSION_KEYS.authMethod);
  const key = `${token ?? ''}\u0000${role}\u0000${method ?? ''}`;
  // useSyncExternalStore needs the same object while nothing changed.
  if (cached?.key === key) return cached.session;
  const session: Session | null = token ? { token, role, authMethod: method === 'google' ? 'google' : 'local' } : null;
  cached = { key, session };
  return session;
}

export function saveSession(session: Session): void {
  const store = storage();
  store?.setItem(SESSION_KEYS.token, session.token);
  store?.setItem(SESSION_KEYS.role, session.role.toUpperCase());
  store?.setItem(SESSION_KEYS.authMethod, session.authMethod);
  emit();
}

/** A password change ends the other sessions and answers a fresh token for this one. */
export function replaceToken(token: string): void {
  storage()?.setItem(SESSION_KEYS.token, token);
  emit();
}

export function clearSession(): void {
  const store = storage();
  for (const key of Object.values(SESSION_KEYS)) store?.removeItem(key);
  clearChat();
  emit();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab logging in or out changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values<string>(SESSION_KEYS).includes(event.key)) {
      cached = null;
      listener();
    }
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, readSession, () => null);
}
