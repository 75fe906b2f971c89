import type { ProcedurePath } from '../routers';
import { IMPORT_BODY_LIMIT, IMPORT_TOO_LARGE } from '../contract/import-rules';
import { DOCUMENT_BODY_LIMIT, TOO_LARGE_MESSAGE } from '../contract/document-rules';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Where a procedure's input comes from: the JSON body, the path's parameters (:id, :userId), both, the query string, or nowhere. */
export type InputFrom = 'body' | 'id' | 'id+body' | 'query' | 'none';
export type Access = 'public' | 'user' | 'gp';

export interface RestRoute {
  method: Method;
  path: string;
  input: InputFrom;
  /** Who may call it; documents the table and drives the access tests. The procedure enforces it. */
  access: Access;
  /** The procedure that serves it: its zod input and output schemas describe the path (rest/openapi.ts). */
  procedure: ProcedurePath;
  status?: number;
  /** Sent as a CSV download with this file name instead of JSON. */
  csv?: string;
  /** Sent as the file the procedure answers (a Download: name, type, body), not as JSON. */
  download?: true;
  /** A larger body than the app's 256 KB (a document's upload), with what a refused one is told. */
  bodyLimit?: { bytes: number; message: string };
}

/**
 * Binds a procedure to a REST path:
 * `route('GET', '/api/things/:id', 'id', 'user', 'things.get')`, with a status for a 201.
 */
function route(method: Method, path: string, input: InputFrom, access: Access, procedure: ProcedurePath, status?: number): RestRoute {
  return { method, path, input, access, procedure, status };
}

/** A CSV download: the procedure takes no input and answers the file's text. */
function csvRoute(path: string, access: Access, fileName: string, procedure: ProcedurePath): RestRoute {
  return { method: 'GET', path, input: 'none', access, procedure, csv: fileName };
}

/** A file download: the procedure answers a Download (name, type, body), sent as the file itself. */
function downloadRoute(path: string, access: Access, procedure: ProcedurePath): RestRoute {
  return { method: 'GET', path, input: 'query', access, procedure, download: true };
}

/** A document's upload: the file in base64 and its few fields (docs/decisions/0020). */
const DOCUMENT_BODY = { bytes: DOCUMENT_BODY_LIMIT, message: TOO_LARGE_MESSAGE };

/** A path that takes an imported file in its JSON body (docs/imports.md): a larger body limit. */
function fileRoute(path: string, procedure: ProcedurePath, status?: number): RestRoute {
  return { ...route('POST', path, 'body', 'gp', procedure, status), bodyLimit: { bytes: IMPORT_BODY_LIMIT, message: IMPORT_TOO_LARGE } };
}

/** docs/product.md §7's paths, each mapped to the procedure that serves it. */
export const restRoutes: RestRoute[] = [
  route('GET', '/api/ping', 'none', 'public', 'ping'),

  route('POST', '/api/users/login', 'body', 'public', 'auth.login'),
  route('POST', '/api/users/google-login', 'body', 'public', 'auth.googleLogin'),
  route('POST', '/api/users/login/second-factor', 'body', 'public', 'auth.loginSecondFactor'),
  route('POST', '/api/users/login/passkey/options', 'body', 'public', 'auth.loginPasskeyOptions'),
  route('POST', '/api/users/login/passkey', 'body', 'public', 'auth.loginPasskey'),
  route('POST', '/api/users/logout', 'none', 'user', 'auth.logout'),
  route('POST', '/api/users/signup', 'body', 'public', 'auth.signup', 201),
  route('POST', '/api/users/google-signup', 'body', 'public', 'auth.googleSignup', 201),
  route('POST', '/api/users/request-password-reset', 'body', 'public', 'auth.passwordReset.request'),
  route('POST', '/api/users/reset-password', 'body', 'public', 'auth.passwordReset.setPassword'),
  route('PUT', '/api/users/change-password', 'body', 'user', 'auth.profile.changePassword'),
  route('GET', '/api/users/profile/details', 'none', 'user', 'auth.profile.details'),
  route('PUT', '/api/users/profile', 'body', 'user', 'auth.profile.update'),
  // E-mail about new documents (docs/decisions/0021).
  route('GET', '/api/users/profile/document-mail', 'none', 'user', 'auth.documentMail.get'),
  route('PUT', '/api/users/profile/document-mail', 'body', 'user', 'auth.documentMail.set'),
  route('GET', '/api/users/userinfo', 'none', 'gp', 'admin.users.list'),
  route('DELETE', '/api/users/userinfo/:id', 'id', 'gp', 'admin.users.remove'),
  route('POST', '/api/users/userinfo/:id/end-sessions', 'id', 'gp', 'admin.users.endSessions'),

  // Two-factor sign-in, step-up and sessions (docs/decisions/0015 and 0016).
  route('GET', '/api/users/second-factor', 'none', 'user', 'auth.secondFactor.status'),
  route('POST', '/api/users/second-factor/totp', 'none', 'user', 'auth.secondFactor.startTotp'),
  route('POST', '/api/users/second-factor/totp/confirm', 'body', 'user', 'auth.secondFactor.confirmTotp'),
  route('POST', '/api/users/second-factor/totp/disable', 'body', 'user', 'auth.secondFactor.disableTotp'),
  route('POST', '/api/users/second-factor/recovery-codes', 'none', 'user', 'auth.secondFactor.recoveryCodes'),
  route('POST', '/api/users/step-up', 'body', 'user', 'auth.secondFactor.stepUp'),
  // Passkeys (docs/decisions/0015 "Passkeys").
  route('GET', '/api/users/passkeys', 'none', 'user', 'auth.passkeys.list'),
  route('POST', '/api/users/passkeys/options', 'none', 'user', 'auth.passkeys.startRegistration'),
  route('POST', '/api/users/passkeys', 'body', 'user', 'auth.passkeys.finishRegistration', 201),
  route('DELETE', '/api/users/passkeys/:id', 'id', 'user', 'auth.passkeys.remove'),
  route('POST', '/api/users/step-up/passkey/options', 'none', 'user', 'auth.passkeys.stepUpOptions'),
  route('POST', '/api/users/step-up/passkey', 'body', 'user', 'auth.passkeys.stepUp'),
  route('GET', '/api/users/sessions', 'none', 'user', 'auth.sessions.list'),
  route('DELETE', '/api/users/sessions/:id', 'id', 'user', 'auth.sessions.end'),
  route('POST', '/api/users/sessions/end-others', 'none', 'user', 'auth.sessions.endOthers'),

  route('POST', '/api/invites', 'body', 'gp', 'admin.invites.create', 201),
  route('GET', '/api/invites', 'none', 'gp', 'admin.invites.list'),
  route('GET', '/api/invites/check', 'query', 'public', 'auth.checkInvite'),
  route('DELETE', '/api/invites/:id', 'id', 'gp', 'admin.invites.revoke'),

  route('POST', '/api/contact', 'body', 'public', 'contact.submit', 201),
  route('GET', '/api/contact', 'none', 'gp', 'contact.list'),
  route('PUT', '/api/contact/:id/handled', 'id+body', 'gp', 'contact.markHandled'),
  route('DELETE', '/api/contact/:id', 'id', 'gp', 'contact.remove'),

  route('GET', '/api/holdings', 'none', 'user', 'portfolio.holdings.list'),
  route('POST', '/api/holdings', 'body', 'gp', 'portfolio.holdings.add', 201),
  route('DELETE', '/api/holdings/:id', 'id', 'gp', 'portfolio.holdings.remove'),
  route('GET', '/api/market/symbol-check', 'query', 'gp', 'portfolio.holdings.checkSymbol'),

  route('GET', '/api/illiquid-assets', 'none', 'user', 'assets.venture.list'),
  route('POST', '/api/illiquid-assets/save', 'body', 'gp', 'assets.venture.save', 201),
  route('PUT', '/api/illiquid-assets/:id', 'id+body', 'gp', 'assets.venture.update'),
  route('DELETE', '/api/illiquid-assets/:id', 'id', 'gp', 'assets.venture.remove'),

  route('GET', '/api/real-estate', 'none', 'user', 'assets.realEstate.list'),
  route('POST', '/api/real-estate/save', 'body', 'gp', 'assets.realEstate.save', 201),
  route('PUT', '/api/real-estate/:id', 'id+body', 'gp', 'assets.realEstate.update'),
  route('DELETE', '/api/real-estate/:id', 'id', 'gp', 'assets.realEstate.remove'),

  route('POST', '/api/holdings/sell', 'body', 'gp', 'portfolio.holdings.sell'),
  route('GET', '/api/portfolio/summary', 'none', 'user', 'portfolio.summary'),
  route('GET', '/api/portfolio/valuation', 'none', 'user', 'portfolio.valuation'),
  route('GET', '/api/portfolio/positions', 'none', 'user', 'portfolio.positions'),
  route('GET', '/api/portfolio/lots', 'query', 'user', 'portfolio.lots'),
  route('GET', '/api/portfolio/history', 'query', 'user', 'portfolio.history'),
  route('GET', '/api/portfolio/history/rebuild', 'none', 'user', 'portfolio.historyRebuild'),
  route('POST', '/api/portfolio/history/rebuild', 'body', 'gp', 'portfolio.rebuildHistory', 202),
  route('GET', '/api/portfolio/official-nav', 'none', 'user', 'portfolio.officialNav.list'),
  route('PUT', '/api/portfolio/official-nav', 'body', 'gp', 'portfolio.officialNav.set'),
  route('DELETE', '/api/portfolio/official-nav', 'query', 'gp', 'portfolio.officialNav.remove'),
  route('GET', '/api/portfolio/returns', 'query', 'user', 'portfolio.returns'),
  route('GET', '/api/transactions', 'query', 'user', 'portfolio.activity.transactions'),
  route('GET', '/api/audit-events', 'query', 'user', 'portfolio.activity.auditEvents'),
  csvRoute('/api/export/transactions.csv', 'user', 'transactions.csv', 'portfolio.exports.transactions'),
  csvRoute('/api/export/holdings.csv', 'user', 'holdings.csv', 'portfolio.exports.holdings'),
  csvRoute('/api/export/venture.csv', 'user', 'venture.csv', 'portfolio.exports.venture'),
  csvRoute('/api/export/real-estate.csv', 'user', 'real-estate.csv', 'portfolio.exports.realEstate'),
  csvRoute('/api/export/returns.csv', 'user', 'returns.csv', 'portfolio.exports.returns'),

  route('GET', '/api/account-balance', 'none', 'user', 'portfolio.balances.get'),
  route('PUT', '/api/account-balance', 'body', 'gp', 'portfolio.balances.save'),
  route('POST', '/api/cash-movements', 'body', 'gp', 'portfolio.balances.recordCashMovement', 201),

  // Splits, dividends, interest and fees: GP writes, everyone reads.
  route('GET', '/api/corporate-actions', 'none', 'user', 'portfolio.corporateActions.list'),
  route('POST', '/api/corporate-actions', 'body', 'gp', 'portfolio.corporateActions.record', 201),
  route('DELETE', '/api/corporate-actions/:id', 'id', 'gp', 'portfolio.corporateActions.remove'),
  route('GET', '/api/imports', 'none', 'gp', 'portfolio.imports.list'),
  fileRoute('/api/imports/preview', 'portfolio.imports.preview'),
  fileRoute('/api/imports', 'portfolio.imports.commit', 201),

  // Reconciliation with the broker (docs/reconciliation.md): GP only.
  route('POST', '/api/reconciliations', 'body', 'gp', 'portfolio.reconciliation.run', 201),
  route('GET', '/api/reconciliations', 'none', 'gp', 'portfolio.reconciliation.list'),
  route('GET', '/api/reconciliations/:id', 'id', 'gp', 'portfolio.reconciliation.get'),

  route('GET', '/api/market/summary', 'none', 'user', 'portfolio.market.summary'),
  route('GET', '/api/predictions', 'none', 'user', 'portfolio.market.predictions'),

  route('POST', '/api/ai/prompt', 'body', 'gp', 'ai.prompt'),
  route('POST', '/api/ai/confirm', 'body', 'gp', 'ai.confirm'),

  // Capital accounts: an LP reads only their own account and statements.
  route('GET', '/api/capital-account', 'query', 'user', 'portfolio.capital.account'),
  route('GET', '/api/capital-accounts', 'none', 'gp', 'portfolio.capital.accounts'),
  route('POST', '/api/capital-accounts/:userId/entries', 'id+body', 'gp', 'portfolio.capital.addEntry', 201),
  route('DELETE', '/api/capital-accounts/entries/:id', 'id', 'gp', 'portfolio.capital.deleteEntry'),
  downloadRoute('/api/capital-account/statement.pdf', 'user', 'portfolio.capital.statementPdf'),
  downloadRoute('/api/capital-account/statement.csv', 'user', 'portfolio.capital.statementCsv'),

  // Partners' documents (docs/decisions/0020): an LP's own, a GP's filing, receipts and withdrawal.
  route('GET', '/api/documents', 'query', 'user', 'documents.list'),
  { ...route('POST', '/api/documents', 'body', 'gp', 'documents.upload', 201), bodyLimit: DOCUMENT_BODY },
  route('GET', '/api/documents/:id', 'id', 'user', 'documents.get'),
  route('GET', '/api/documents/:id/receipts', 'id', 'gp', 'documents.receipts'),
  { ...route('GET', '/api/documents/:id/file', 'id', 'user', 'documents.download'), download: true },
  { ...route('PUT', '/api/documents/:id/file', 'id+body', 'gp', 'documents.replace'), bodyLimit: DOCUMENT_BODY },
  route('DELETE', '/api/documents/:id', 'id', 'gp', 'documents.withdraw'),
];
