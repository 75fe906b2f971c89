/** The query parameter /login carries the page a signed-out visitor asked for in. */
export const NEXT_PARAM = 'next';

/**
 * A path to return to after sign-in, or null: only a same-origin path ("/user_info?x=1"), never
 * another origin ("//evil.example", "https://…", "/\\evil.example") nor /login itself.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x20)) return null;
  const url = new URL(value, 'http://same.origin');
  if (url.origin !== 'http://same.origin' || url.pathname === '/login') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login, remembering where to come back to. */
export function loginPathFor(returnTo: string): string {
  const safe = safeReturnPath(returnTo);
  return safe && safe !== '/' ? `/login?${NEXT_PARAM}=${encodeURIComponent(safe)}` : '/login';
}

/** The page to go to after signing in, from the current address's ?next=. */
export function returnPathFromLocation(): string | null {
  return safeReturnPath(new URLSearchParams(window.location.search).get(NEXT_PARAM));
}
