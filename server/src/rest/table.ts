import type { AppCaller } from '../trpc/router';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Where a procedure's input comes from: the JSON body, the path's :id, both, the query string, or nowhere. */
export type InputFrom = 'body' | 'id' | 'id+body' | 'query' | 'none';

export interface RestRoute {
  method: Method;
  path: string;
  input: InputFrom;
  /** Who may call it; documents the table and drives the access tests. The procedure enforces it. */
  access: 'public' | 'user' | 'gp';
  status?: number;
  /** Sent as a CSV download with this file name instead of JSON. */
  csv?: string;
  call: (caller: AppCaller, input: unknown) => Promise<unknown>;
}

/**
 * Binds a procedure to a REST path. The input is validated by the procedure's own zod schema,
 * so handing it over untyped here is safe.
 */
function route<I, O>(
  method: Method,
  path: string,
  input: InputFrom,
  access: RestRoute['access'],
  procedure: (caller: AppCaller) => (input: I) => Promise<O>,
  status?: number,
): RestRoute {
  return { method, path, input, access, status, call: (caller, value) => procedure(caller)(value as I) };
}

/** A CSV download: the procedure answers the file's text. */
function csvRoute(path: string, access: RestRoute['access'], fileName: string, procedure: (caller: AppCaller) => () => Promise<string>): RestRoute {
  return { method: 'GET', path, input: 'none', access, csv: fileName, call: (caller) => procedure(caller)() };
}

/** SPEC §7's paths, each mapped to the procedure that serves it. */
export const restRoutes: RestRoute[] = [
  route('GET', '/api/ping', 'none', 'public', (c) => () => c.ping()),

  route('POST', '/api/users/login', 'body', 'public', (c) => c.auth.login),
  route('POST', '/api/users/google-login', 'body', 'public', (c) => c.auth.googleLogin),
  route('POST', '/api/users/signup', 'body', 'public', (c) => c.auth.signup, 201),
  route('POST', '/api/users/google-signup', 'body', 'public', (c) => c.auth.googleSignup, 201),
  route('POST', '/api/users/request-password-reset', 'body', 'public', (c) => c.auth.requestPasswordReset),
  route('POST', '/api/users/reset-password', 'body', 'public', (c) => c.auth.resetPassword),
  route('PUT', '/api/users/change-password', 'body', 'user', (c) => c.auth.changePassword),
  route('GET', '/api/users/profile/details', 'none', 'user', (c) => () => c.auth.profileDetails()),
  route('PUT', '/api/users/profile', 'body', 'user', (c) => c.auth.updateProfile),
  route('GET', '/api/users/userinfo', 'none', 'gp', (c) => () => c.admin.userInfo()),
  route('DELETE', '/api/users/userinfo/:id', 'id', 'gp', (c) => c.admin.deleteUser),

  route('POST', '/api/invites', 'body', 'gp', (c) => c.admin.createInvite, 201),
  route('GET', '/api/invites', 'none', 'gp', (c) => () => c.admin.invites()),
  route('GET', '/api/invites/check', 'query', 'public', (c) => c.auth.checkInvite),
  route('DELETE', '/api/invites/:id', 'id', 'gp', (c) => c.admin.revokeInvite),

  route('POST', '/api/contact', 'body', 'public', (c) => c.contact.submit, 201),
  route('GET', '/api/contact', 'none', 'gp', (c) => () => c.contact.list()),
  route('PUT', '/api/contact/:id/handled', 'id+body', 'gp', (c) => c.contact.markHandled),
  route('DELETE', '/api/contact/:id', 'id', 'gp', (c) => c.contact.remove),

  route('GET', '/api/holdings', 'none', 'user', (c) => () => c.portfolio.holdings()),
  route('POST', '/api/holdings', 'body', 'gp', (c) => c.portfolio.addHolding, 201),
  route('DELETE', '/api/holdings/:id', 'id', 'gp', (c) => c.portfolio.deleteHolding),
  route('GET', '/api/market/symbol-check', 'query', 'gp', (c) => c.portfolio.checkSymbol),

  route('GET', '/api/illiquid-assets', 'none', 'user', (c) => () => c.assets.venture.list()),
  route('POST', '/api/illiquid-assets/save', 'body', 'gp', (c) => c.assets.venture.save, 201),
  route('PUT', '/api/illiquid-assets/:id', 'id+body', 'gp', (c) => c.assets.venture.update),
  route('DELETE', '/api/illiquid-assets/:id', 'id', 'gp', (c) => c.assets.venture.remove),

  route('GET', '/api/real-estate', 'none', 'user', (c) => () => c.assets.realEstate.list()),
  route('POST', '/api/real-estate/save', 'body', 'gp', (c) => c.assets.realEstate.save, 201),
  route('PUT', '/api/real-estate/:id', 'id+body', 'gp', (c) => c.assets.realEstate.update),
  route('DELETE', '/api/real-estate/:id', 'id', 'gp', (c) => c.assets.realEstate.remove),

  route('POST', '/api/holdings/sell', 'body', 'gp', (c) => c.portfolio.sell),
  route('GET', '/api/portfolio/summary', 'none', 'user', (c) => () => c.portfolio.summary()),
  route('GET', '/api/portfolio/history', 'query', 'user', (c) => c.portfolio.history),
  route('GET', '/api/transactions', 'query', 'user', (c) => c.portfolio.transactions),
  route('GET', '/api/audit-events', 'query', 'user', (c) => c.portfolio.auditEvents),
  csvRoute('/api/export/transactions.csv', 'user', 'transactions.csv', (c) => () => c.portfolio.transactionsCsv()),

  route('GET', '/api/account-balance', 'none', 'user', (c) => () => c.portfolio.balances()),
  route('PUT', '/api/account-balance', 'body', 'gp', (c) => c.portfolio.saveBalances),
  route('POST', '/api/cash-movements', 'body', 'gp', (c) => c.portfolio.recordCashMovement, 201),

  route('GET', '/api/market/summary', 'none', 'user', (c) => () => c.portfolio.marketSummary()),
  route('GET', '/api/predictions', 'none', 'user', (c) => () => c.portfolio.predictions()),

  route('POST', '/api/ai/prompt', 'body', 'gp', (c) => c.ai.prompt),
  route('POST', '/api/ai/confirm', 'body', 'gp', (c) => c.ai.confirm),
];
