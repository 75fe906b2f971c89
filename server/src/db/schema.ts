import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CAPITAL_KINDS } from '../contract/capital';
import { DOCUMENT_KINDS } from '../contract/document-rules';
import { LEDGER_KINDS, LEDGER_SOURCES } from '../contract/ledger';
import { ROLES } from '../contract/roles';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    /** Null for accounts that only sign in with Google. */
    passwordHash: text('password_hash'),
    googleId: text('google_id').unique(),
    /** Bumped on password change, reset and delete: tokens carrying an older version stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Whether the user has a confirmed second factor (docs/decisions/0015): kept by services/second-factor. */
    secondFactor: boolean('second_factor').notNull().default(false),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    lastEdit: timestamp('last_edit', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('users_role_check', sql`${t.role} in ('GP', 'LP')`)],
);

export const userEditLogs = pgTable(
  'user_edit_logs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept so the log still names the account after it is deleted. */
    userEmail: text('user_email').notNull(),
    fieldChanged: text('field_changed').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_edit_logs_user_idx').on(t.userId, t.changedAt)],
);

export const invites = pgTable('invites', {
  id: serial('id').primaryKey(),
  /** SHA-256 of the invite code; the code itself is never stored. */
  codeHash: text('code_hash').notNull().unique(),
  role: text('role', { enum: ROLES }).notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
  /** Set when a GP revokes the invite, or its creator's account is deleted; a revoked invite cannot be used. */
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** SHA-256 of the reset token. */
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * One row per sign-in; every token carries its id (the `sid` claim). Logging out sets ended_at and
 * the session's tokens stop working at once on every instance (a trigger notifies, services/auth/sessions.ts).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** How the user signed in: 'local' (password) or 'google'. */
    method: text('method', { enum: ['local', 'google'] }).notNull(),
    createdAt: createdAt(),
    /** Moved by the session's requests, at most once a minute. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** The address of the sign-in, then of the latest request that moved last_seen_at. */
    ip: text('ip').notNull(),
    /** The browser's User-Agent at sign-in (at most 512 characters). */
    userAgent: text('user_agent').notNull(),
    /** When the session's latest token expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** When a second factor was last verified in this session (sign-in or step-up, docs/decisions/0016). */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), check('sessions_method_check', sql`${t.method} in ('local', 'google')`)],
);

/** A user's TOTP factor (RFC 6238); the secret is encrypted with the second-factor key (services/second-factor-crypto.ts). */
export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  /** Null until the first code confirms the enrolment. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The latest 30-second step whose code was accepted: a code is accepted once. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes, stored only as keyed hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** A user's passkeys (WebAuthn credentials, docs/decisions/0015 "Passkeys"): the public key only, never a secret. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id (base64url), as the authenticator gave it. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key (base64url). */
    publicKey: text('public_key').notNull(),
    /** The signature counter last seen; a lower one is refused (0 for authenticators that keep none). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser may reach the authenticator (usb, internal, hybrid…), comma-separated. */
    transports: text('transports').notNull().default(''),
    /** The user's name for it, such as "MacBook Touch ID". */
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/** A WebAuthn challenge waiting for its answer (registration, sign-in or step-up): single-use, short-lived. */
export const passkeyChallenges = pgTable('passkey_challenges', {
  /** The challenge (base64url) handed to the browser. */
  challenge: text('challenge').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['register', 'sign-in', 'step-up'] }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** A password (or Google) sign-in waiting for its second factor: single-use, short-lived, stored by hash. */
export const signInChallenges = pgTable('sign_in_challenges', {
  /** SHA-256 of the challenge handed to the client. */
  id: text('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  method: text('method', { enum: ['local', 'google'] }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const contactSubmissions = pgTable('contact_submissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  message: text('message').notNull(),
  createdAt: createdAt(),
  /** When a GP marked the inquiry handled, and who; null while it is open. */
  handledAt: timestamp('handled_at', { withTimezone: true }),
  handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Fixed-window counters for rate limits, shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Quantities and prices: exact decimals, fractions allowed (crypto). */
const quantity = (name: string) => numeric(name, { precision: 24, scale: 8 });
/** Dollar amounts of the firm's books: cents. */
const money = (name: string) => numeric(name, { precision: 20, scale: 2 });
const percent = (name: string) => numeric(name, { precision: 14, scale: 6 });
/**
 * Sums over any number of rows (every lot, every property): no bound on the inputs can keep them
 * inside a fixed precision, so these are unconstrained numeric, stored in cents by the code.
 * The input columns above are sized for domain/amounts.ts's bounds with room to spare.
 */
const total = (name: string) => numeric(name);
const day = (name: string) => date(name, { mode: 'string' });

/** One purchase lot of a stock or a crypto. */
export const holdings = pgTable(
  'holdings',
  {
    id: serial('id').primaryKey(),
    symbol: text('symbol').notNull(),
    assetType: text('asset_type', { enum: ['stock', 'crypto'] }).notNull(),
    /** The listing exchange of a stock (for quote links); null for crypto. */
    exchange: text('exchange'),
    qty: quantity('qty').notNull(),
    pricePaid: quantity('price_paid').notNull(),
    purchaseDate: day('purchase_date').notNull(),
    /** Cents: qty × price paid when bought, less the basis of any part sold since (domain/fifo.ts). */
    costBasis: total('cost_basis').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /**
     * A 64-bit hash of the fields the engine reads of the lot, set by a trigger on every insert and
     * update whatever the writer sends: a symbol's fingerprint is the sum of its lots' prints, so
     * after a change the engine reads again only the symbols whose sum moved (docs/decisions/0022).
     */
    print: bigint('print', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('holdings_asset_type_check', sql`${t.assetType} in ('stock', 'crypto')`),
    check('holdings_qty_check', sql`${t.qty} > 0`),
    check('holdings_price_check', sql`${t.pricePaid} >= 0`),
    index('holdings_symbol_idx').on(t.symbol, t.purchaseDate),
  ],
);

/**
 * Venture investments and real estate: the same row shape (docs/product.md §3), told apart by kind.
 * Dividends belong to venture rows, rental income to real estate rows.
 */
export const privateAssets = pgTable(
  'private_assets',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['venture', 'real_estate'] }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    purchaseDate: day('purchase_date').notNull(),
    qty: quantity('qty').notNull(),
    pricePaid: quantity('price_paid').notNull(),
    lastPriceAtDate: quantity('last_price_at_date').notNull(),
    lastPriceDate: day('last_price_date'),
    dividendDollar: money('dividend_dollar').notNull().default('0'),
    dividendPct: percent('dividend_pct').notNull().default('0'),
    totalRentalIncome: money('total_rental_income').notNull().default('0'),
    monthlyRentalIncome: money('monthly_rental_income').notNull().default('0'),
    annualRentalIncomePct: percent('annual_rental_income_pct').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('private_assets_kind_check', sql`${t.kind} in ('venture', 'real_estate')`),
    index('private_assets_kind_idx').on(t.kind, t.id),
  ],
);

/** The firm's one balances row (id 1). */
export const accountBalances = pgTable(
  'account_balances',
  {
    id: integer('id').primaryKey().default(1),
    cashAvailable: money('cash_available').notNull().default('0'),
    marginDebit: money('margin_debit').notNull().default('0'),
    accountsReceivable: money('accounts_receivable').notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('account_balances_single_row', sql`${t.id} = 1`)],
);

/** Who changed what in the portfolio: one row per write, with the row before and after. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** 'user' for a partner's own action, 'assistant' for a trade the AI assistant carried out for them. */
    via: text('via', { enum: ['user', 'assistant'] })
      .notNull()
      .default('user'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_events_at_idx').on(t.at)],
);

/** The last quote per provider symbol (AAPL, BTC-USD, ^GSPC); requests read only this. */
export const quotes = pgTable('quotes', {
  key: text('key').primaryKey(),
  name: text('name'),
  price: numeric('price').notNull(),
  change: numeric('change').notNull(),
  changePct: numeric('change_pct').notNull(),
  dividendYield: numeric('dividend_yield'),
  marketCap: numeric('market_cap'),
  peRatio: numeric('pe_ratio'),
  oneMonthPerf: numeric('one_month_perf'),
  source: text('source', { enum: ['simulated', 'yahoo'] }).notNull(),
  /** When the provider set the price. */
  asOf: timestamp('as_of', { withTimezone: true }).notNull(),
  /** When this row was last refreshed successfully. */
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  /** Set when the latest refresh failed; the price above is then the last good one. */
  failedAt: timestamp('failed_at', { withTimezone: true }),
});

/** Daily closes of held symbols and indices, for history and predictions. */
export const dailyCloses = pgTable(
  'daily_closes',
  {
    key: text('key').notNull(),
    date: day('date').notNull(),
    close: numeric('close').notNull(),
    source: text('source', { enum: ['simulated', 'yahoo'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.date] })],
);

/** The firm's net account value and its parts, one row per day. */
export const portfolioSnapshots = pgTable('portfolio_snapshots', {
  date: day('date').primaryKey(),
  netAccountValue: total('net_account_value').notNull(),
  liquidValue: total('liquid_value').notNull(),
  ventureValue: total('venture_value').notNull(),
  realEstateValue: total('real_estate_value').notNull(),
  cashAvailable: total('cash_available').notNull(),
  marginDebit: total('margin_debit').notNull(),
  accountsReceivable: total('accounts_receivable').notNull(),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
});

/** Next-day predicted closes by upper-case ticker. */
export const predictions = pgTable('predictions', {
  ticker: text('ticker').primaryKey(),
  prediction: numeric('prediction').notNull(),
  /** The last close the prediction was made from, and its day. */
  lastClose: numeric('last_close').notNull(),
  basedOn: day('based_on').notNull(),
  model: text('model').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});

/** When each scheduled job last ran, so one instance does it per interval (claimed under an advisory lock). */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
});

/** The AI assistant's proposed trade awaiting a GP's yes or no: one per user, replaced by a newer one. */
export const pendingActions = pgTable('pending_actions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The exact trade confirm will carry out (a TradeProposal). */
  action: jsonb('action').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * The ledger: every buy, sell and correction of a lot, every cash movement and balance edit, and
 * every change to a private asset's holding. Lots (holdings) are the open positions it leaves.
 * `flow` is the new money an entry brought into the books (or took out), which returns leave out.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    source: text('source', { enum: LEDGER_SOURCES }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The New York day the entry belongs to in the books. */
    bookDate: day('book_date').notNull(),
    symbol: text('symbol'),
    assetType: text('asset_type', { enum: ['stock', 'crypto'] }),
    qty: quantity('qty'),
    price: quantity('price'),
    /** Cents: a buy's cost, a sale's proceeds, a cash movement's amount. */
    amount: total('amount'),
    /** Whether the entry moved Cash Available (and then from what to what). */
    settles: boolean('settles').notNull().default(false),
    cashBefore: total('cash_before'),
    cashAfter: total('cash_after'),
    /** A sale's cost basis and realized gain (first in, first out), in cents. */
    costBasis: total('cost_basis'),
    realizedGain: total('realized_gain'),
    /** A fee or commission paid on a buy (in its cost basis) or a sell (off its proceeds), in cents. */
    fee: total('fee'),
    /** New money into (+) or out of (−) the books, in cents. */
    flow: total('flow').notNull().default('0'),
    /** What changed: the lots a sale took, a correction's lot before, balances before and after. */
    details: jsonb('details'),
  },
  (t) => [
    check(
      'ledger_entries_kind_check',
      sql`${t.kind} in ('buy', 'sell', 'correction', 'deposit', 'withdrawal', 'balances', 'asset', 'split', 'dividend', 'interest', 'margin_interest', 'fee')`,
    ),
    index('ledger_entries_at_idx').on(t.at, t.id),
    index('ledger_entries_book_date_idx').on(t.bookDate),
    index('ledger_entries_symbol_idx').on(t.symbol, t.at),
  ],
);

/**
 * One row whose version goes up with every change to what the valuation reads (the ledger, lots,
 * balances, private assets, quotes): each instance keeps its valuation until the version moves.
 */
export const portfolioState = pgTable(
  'portfolio_state',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /**
     * Goes up when a transaction that changed the lots commits (a trigger on holdings, whoever
     * writes them): the engine reads the 20,000 lots again only then (docs/decisions/0022).
     */
    lotsVersion: bigint('lots_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('portfolio_state_single_row', sql`${t.id} = 1`)],
);

/**
 * A limited partner's capital account, one row per commitment, contribution (a paid capital call)
 * or distribution. A contribution buys units at the day's value per unit, a distribution redeems
 * them (domain/capital.ts); both also move Cash Available through the ledger entry they name.
 */
export const capitalEntries = pgTable(
  'capital_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CAPITAL_KINDS }).notNull(),
    /** Cents, above zero. */
    amount: money('amount').notNull(),
    /** The New York day it belongs to (the value per unit of that day prices it). */
    date: day('date').notNull(),
    /** Units bought (+) or redeemed (−), 8 places; 0 for a commitment. */
    units: total('units').notNull().default('0'),
    /** The value per unit it was priced at, 8 places; null for a commitment. */
    unitValue: total('unit_value'),
    ledgerEntryId: integer('ledger_entry_id').references(() => ledgerEntries.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('capital_entries_kind_check', sql`${t.kind} in ('commitment', 'contribution', 'distribution')`),
    check('capital_entries_amount_check', sql`${t.amount} > 0`),
    index('capital_entries_user_idx').on(t.userId, t.date, t.id),
  ],
);

/**
 * When capital accounts started (the first contribution's day): the firm's net account value that
 * day, held by the GP side as units at 1,000.00 each. One row (id 1).
 */
export const capitalFund = pgTable(
  'capital_fund',
  {
    id: integer('id').primaryKey().default(1),
    startDate: day('start_date').notNull(),
    startValue: total('start_value').notNull(),
    gpUnits: total('gp_units').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('capital_fund_single_row', sql`${t.id} = 1`)],
);

/**
 * The history rebuild (docs/decisions/0018-history-from-the-first-entry.md), one row (id 1): the
 * earliest day a change since the last run reaches back to, the last ledger entry looked at, and
 * the run's progress (day n of N), read by every instance.
 */
export const historyRebuild = pgTable(
  'history_rebuild',
  {
    id: integer('id').primaryKey().default(1),
    /** The earliest day to value again, set by entries dated in the past; null when nothing waits. */
    pendingFrom: day('pending_from'),
    /** The newest ledger entry already looked at for past dates. */
    seenLedgerId: integer('seen_ledger_id').notNull().default(0),
    /** The latest run: its first and last day, the days done of all, when it started and finished. */
    fromDay: day('from_day'),
    toDay: day('to_day'),
    daysDone: integer('days_done').notNull().default(0),
    daysTotal: integer('days_total').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Why the latest run stopped, when it failed. */
    error: text('error'),
  },
  (t) => [check('history_rebuild_single_row', sql`${t.id} = 1`)],
);

/** A past day's official net account value (the figure a fund administrator struck), set by a GP. */
export const officialNavs = pgTable('official_navs', {
  date: day('date').primaryKey(),
  /** Cents. */
  value: money('value').notNull(),
  note: text('note').notNull().default(''),
  setBy: integer('set_by').references(() => users.id, { onDelete: 'set null' }),
  setByEmail: text('set_by_email').notNull(),
  setAt: timestamp('set_at', { withTimezone: true }).notNull(),
});

/** Binary data (a document's file): PostgreSQL bytea, read and written as bytes. */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * A document the firm sends its limited partners (a K-1, a statement, a letter, a notice):
 * docs/product.md "Documents", docs/decisions/0020. Its file is in document_versions, its readers
 * in document_audience (unless it is for all LPs) and who opened it in document_reads.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
    /** The period it covers: a year (2026) or a quarter (2026-Q3); null for none. */
    period: text('period'),
    /** For every limited partner, present and future; otherwise for those in document_audience. */
    allLps: boolean('all_lps').notNull().default(false),
    /** The current version's number (document_versions.version). */
    version: integer('version').notNull().default(1),
    /** Null when the portal filed it itself (a generated notice), or its author was deleted. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Set when a GP withdraws it: hidden from partners, kept for the record. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: integer('withdrawn_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('documents_kind_check', sql`${t.kind} in ('tax', 'statement', 'letter', 'notice', 'other')`),
    index('documents_created_idx').on(t.createdAt),
  ],
);

/** Every file a document has had, the current one and those it replaced; the bytes are checked by their SHA-256 and size when served. */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    fileName: text('file_name').notNull(),
    content: bytes('content').notNull(),
    /** SHA-256 of content, hex. */
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Kept so the record names the uploader after the account is deleted ('system' for a generated notice). */
    uploadedByEmail: text('uploaded_by_email').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('document_versions_document_version_idx').on(t.documentId, t.version)],
);

/** Who a document is addressed to when it is not for all LPs. */
export const documentAudience = pgTable(
  'document_audience',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.userId] }), index('document_audience_user_idx').on(t.userId)],
);

/** Read receipts: a partner's first and last download of a document, and how many. */
export const documentReads = pgTable(
  'document_reads',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }).notNull(),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }).notNull(),
    opens: integer('opens').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.userId] }), index('document_reads_user_idx').on(t.userId)],
);

/**
 * A reconciliation with the broker (docs/reconciliation.md): the broker's positions for a day
 * compared with the books', kept with who ran it, the file's SHA-256 and every line compared.
 */
export const reconciliations = pgTable(
  'reconciliations',
  {
    id: serial('id').primaryKey(),
    /** The day the broker's positions are as of. */
    date: day('date').notNull(),
    runBy: integer('run_by').references(() => users.id, { onDelete: 'set null' }),
    runByEmail: text('run_by_email').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull(),
    /** True when every quantity and the cash agree. */
    clean: boolean('clean').notNull(),
    differenceCount: integer('difference_count').notNull(),
    /** Every symbol on either side: quantity here, at the broker, and the difference (decimal text). */
    lines: jsonb('lines').notNull(),
    /** Cash here, at the broker and the difference, when the file gave cash; null otherwise. */
    cash: jsonb('cash'),
  },
  (t) => [index('reconciliations_run_at_idx').on(t.runAt, t.id)],
);

/**
 * The documents the portal files itself (docs/decisions/0021): a capital entry's notice and each
 * LP's quarter-end statement, one row per source, so each is filed once. A background job files
 * the due rows; `document_id` is set in the transaction that files the document.
 */
export const filedDocuments = pgTable(
  'filed_documents',
  {
    id: serial('id').primaryKey(),
    /** What it files, once: 'notice:<capital entry id>' or 'statement:<user id>:<quarter>'. */
    source: text('source').notNull().unique(),
    kind: text('kind', { enum: ['notice', 'statement'] }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A notice's capital entry; no reference, so the row outlives the entry's correction. */
    entryId: integer('entry_id'),
    /** A statement's quarter (2026-Q3). */
    period: text('period'),
    /** Not filed before this moment (a notice waits NOTICE_DELAY_MS after its entry). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
    filedAt: timestamp('filed_at', { withTimezone: true }),
    /** Set when its entry was corrected away before the notice was filed: nothing is filed. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [check('filed_documents_kind_check', sql`${t.kind} in ('notice', 'statement')`), index('filed_documents_due_idx').on(t.dueAt)],
);

/** How an LP hears of new documents: an e-mail each, or one digest on Monday mornings (docs/decisions/0021). */
export const documentMailPreferences = pgTable(
  'document_mail_preferences',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ['immediate', 'digest'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('document_mail_preferences_mode_check', sql`${t.mode} in ('immediate', 'digest')`)],
);

/**
 * The e-mail a new document owes each partner it is addressed to, queued in the transaction that
 * files it: claimed before it is sent and marked sent after, so a crash loses none and a claim
 * keeps two instances from sending one twice.
 */
export const documentMailQueue = pgTable(
  'document_mail_queue',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Taken by a sender at this moment; a claim older than a few minutes (a crashed sender) is taken again. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Sent, or dropped because the document was withdrawn first (skipped). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    skipped: boolean('skipped').notNull().default(false),
  },
  (t) => [
    uniqueIndex('document_mail_queue_document_user_idx').on(t.documentId, t.userId),
    index('document_mail_queue_unsent_idx').on(t.sentAt, t.userId),
  ],
);

export const schema = {
  users,
  userEditLogs,
  invites,
  passwordResets,
  sessions,
  totpFactors,
  recoveryCodes,
  signInChallenges,
  contactSubmissions,
  rateLimits,
  holdings,
  privateAssets,
  accountBalances,
  auditEvents,
  quotes,
  dailyCloses,
  portfolioSnapshots,
  predictions,
  jobRuns,
  pendingActions,
  ledgerEntries,
  portfolioState,
  capitalEntries,
  capitalFund,
  historyRebuild,
  officialNavs,
  documents,
  documentVersions,
  documentAudience,
  documentReads,
  reconciliations,
  filedDocuments,
  documentMailPreferences,
  documentMailQueue,
};

/** A broker or generic CSV file committed to the books (docs/imports.md): who, when, what it held. */
export const imports = pgTable('imports', {
  id: serial('id').primaryKey(),
  fileName: text('file_name').notNull(),
  /** SHA-256 of the file's bytes as sent, hex. */
  sha256: text('sha256').notNull(),
  format: text('format', { enum: ['generic', 'ibkr', 'schwab'] }).notNull(),
  lines: integer('lines').notNull(),
  added: integer('added').notNull(),
  duplicates: integer('duplicates').notNull(),
  actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
  actorEmail: text('actor_email').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/** One line of an import: its fingerprint (the broker's id, or a hash of its fields) is unique, so a line is added once. */
export const importLines = pgTable('import_lines', {
  id: serial('id').primaryKey(),
  importId: integer('import_id')
    .notNull()
    .references(() => imports.id, { onDelete: 'cascade' }),
  fingerprint: text('fingerprint').notNull().unique(),
  lineNo: integer('line_no').notNull(),
  kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
  /** The ledger entry the line became (none once that entry is removed). */
  ledgerEntryId: integer('ledger_entry_id'),
});
