/** The query parameter /login carries the page a signed-out visitor asked for in. */
export const NEXT_PARAM = 'next';

/** A path of plain segments: no empty segment ("//"), no backslash, no escaped character ("%2F"). */
const PLAIN_PATH = /^(\/[A-Za-z0-9._~-]+)*\/?$/;

/**
 * A path to return to after sign-in, or null: only a path of this origin ("/user_info?x=1"), as the
 * browser resolves it against the origin. Refused: another origin ("//evil.example", "https://…"),
 * and every spelling that resolves to a path the browser would read as one ("/.//evil.example",
 * "/\\evil.example", "/%2F/evil.example", a tab or line break inside), and /login itself.
 */
export function safeReturnPath(value: string | null | undefined, origin: string = window.location.origin): string | null {
  if (!value?.startsWith('/')) return null;
  // The URL parser drops tabs and line breaks silently; a path that holds one is not taken.
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || !PLAIN_PATH.test(url.pathname) || url.pathname === '/login') return null;
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
