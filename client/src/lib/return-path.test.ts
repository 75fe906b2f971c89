import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

const ORIGIN = window.location.origin;

describe('the return path after sign-in', () => {
  // Each resolves, against the origin, to a path a browser reads as another host ("//evil.example"),
  // or says it in a spelling no page of the portal has.
  it.each([
    '/.//evil.example',
    '/./\\evil.example',
    '/.\\/evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/..//evil.example',
    '/a/..//evil.example',
    '/x/../\\evil.example',
    '/%2F/evil.example',
    '/%2f%2fevil.example',
    '/.%2F/evil.example',
    '/\\/evil.example',
    '/\\\\evil.example',
    '\\/evil.example',
    '/\t/evil.example',
    '/.\t//evil.example',
    '/\n/evil.example',
    '/.\r\n//evil.example',
    '//evil.example',
    '///evil.example',
    'https://evil.example/gp_dashboard',
    'javascript:alert(1)',
    'gp_dashboard',
    '/login',
    '/login?next=%2Fuser_info',
    '',
  ])('refuses %j (the dashboard is used instead)', (value) => {
    expect(safeReturnPath(value, ORIGIN)).toBeNull();
  });

  it.each([
    ['/user_info', '/user_info'],
    ['/user_info?q=smith', '/user_info?q=smith'],
    ['/activity?symbol=AAPL&kind=buy', '/activity?symbol=AAPL&kind=buy'],
    ['/capital_accounts?quarter=2026-Q3#statements', '/capital_accounts?quarter=2026-Q3#statements'],
    ['/user_info?q=a%20b', '/user_info?q=a%20b'],
    ['/user_info?next=//evil.example', '/user_info?next=//evil.example'],
    ['/gp_dashboard/', '/gp_dashboard/'],
    ['/', '/'],
  ])('keeps %j', (value, kept) => {
    expect(safeReturnPath(value, ORIGIN)).toBe(kept);
  });

  it('resolves against the page’s own origin by default', () => {
    expect(safeReturnPath('/user_info?q=x')).toBe('/user_info?q=x');
    expect(safeReturnPath('/.//evil.example')).toBeNull();
  });
});
