import { z } from 'zod';
import { firm } from './contract/firm';
import { checkAmount, MONEY } from './domain/amounts';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const optionalUrl = (name: string) => optionalText.refine((v) => v === undefined || URL.canParse(v), `${name} must be a URL`);

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const originList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().replace(/\/$/, ''))
      .filter((s) => s !== ''),
  )
  .refine(
    (list) => list.every((o) => URL.canParse(o)),
    'CORS_ORIGINS must be a comma-separated list of origins such as https://app.example.com',
  );

/**
 * A whole-number setting: absent means the default; present it must be a number in range. An empty
 * value is refused rather than read as 0 (for PORT, 0 would mean "any free port").
 */
const wholeNumber = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return fallback;
      const value = raw.trim();
      if (!/^[0-9]+$/.test(value) || Number(value) < min || Number(value) > max) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a whole number from ${min} to ${max} (it is ${value === '' ? 'empty' : JSON.stringify(raw)}); leave it out for ${fallback}`,
        });
        return z.NEVER;
      }
      return Number(value);
    });

/** An amount of dollars with at most cents, from 0 to the books' largest; absent means the default. */
const moneySetting = (name: string, fallback: string) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return fallback;
      const checked = checkAmount(raw.trim(), MONEY);
      if (raw.trim() === '' || !('text' in checked) || checked.text.startsWith('-')) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be an amount of dollars from 0 to 1000000000000 with at most 2 decimal places, such as 100000.00 (it is ${raw.trim() === '' ? 'empty' : JSON.stringify(raw)}); leave it out for ${fallback}`,
        });
        return z.NEVER;
      }
      return checked.text;
    });

const envSchema = z.object({
  PORT: wholeNumber('PORT', 0, 65535, 3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
    'DATABASE_URL must start with postgres:// or postgresql://',
  ),
  DATABASE_WAIT_SECONDS: wholeNumber('DATABASE_WAIT_SECONDS', 0, 3600, 30),
  JWT_SECRET: optionalText.refine((v) => v === undefined || Buffer.byteLength(v) >= 32, 'JWT_SECRET must be at least 32 bytes long'),
  SECOND_FACTOR_KEY: optionalText.refine(
    (v) => v === undefined || Buffer.byteLength(v) >= 32,
    'SECOND_FACTOR_KEY must be at least 32 bytes long',
  ),
  REQUIRE_GP_SECOND_FACTOR: z.enum(['0', '1', 'true', 'false']).optional(),
  WEB_ORIGIN: optionalUrl('WEB_ORIGIN'),
  WEBAUTHN_RP_ID: optionalText.refine(
    (v) => v === undefined || /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(v),
    'WEBAUTHN_RP_ID must be a host name such as app.example.com (no scheme, port or path)',
  ),
  WEBAUTHN_ORIGIN: optionalUrl('WEBAUTHN_ORIGIN'),
  CORS_ORIGINS: originList,
  TRUST_PROXY: flag,
  REQUEST_TIMEOUT_SECONDS: wholeNumber('REQUEST_TIMEOUT_SECONDS', 1, 3600, 30),
  IDLE_TIMEOUT_SECONDS: wholeNumber('IDLE_TIMEOUT_SECONDS', 1, 3600, 60),
  MAX_CONNECTIONS_PER_IP: wholeNumber('MAX_CONNECTIONS_PER_IP', 0, 1_000_000, 100),
  HEAVY_READS_PER_MINUTE: wholeNumber('HEAVY_READS_PER_MINUTE', 1, 1_000_000, 60),
  SMTP_URL: optionalUrl('SMTP_URL'),
  MAIL_FROM: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_ISSUERS: z.string().default('https://accounts.google.com,accounts.google.com'),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_USERINFO_URL: z.url().default('https://www.googleapis.com/oauth2/v3/userinfo'),
  GOOGLE_TOKENINFO_URL: z.url().default('https://oauth2.googleapis.com/tokeninfo'),
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalUrl('OPENAI_BASE_URL'),
  OPENAI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  MARKET_DATA_PROVIDER: z.enum(['simulated', 'yahoo']).default('simulated'),
  MARKET_REFRESH_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Rebuilding past snapshots after back-dated entries (docs/decisions/0018): on unless 0 or false. */
  HISTORY_REBUILD: z.enum(['0', '1', 'true', 'false', '']).optional(),
  REDIS_URL: optionalUrl('REDIS_URL'),
  /** The portal's own documents and their e-mail (docs/decisions/0021): on unless 0 or false. */
  DOCUMENT_JOBS: z.enum(['0', '1', 'true', 'false', '']).optional(),
  NOTICE_DELAY_MS: wholeNumber('NOTICE_DELAY_MS', 0, 3_600_000, 15_000),
  PAYMENT_INSTRUCTIONS: optionalText.refine(
    (v) => v === undefined || v.length <= 2000,
    'PAYMENT_INSTRUCTIONS must be at most 2000 characters (lines separated by |)',
  ),
  CASH_CONFIRM_ABOVE: moneySetting('CASH_CONFIRM_ABOVE', '100000.00'),
  SEED_DEMO: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CLIENT_DIST: optionalText,
});

export type Env = z.input<typeof envSchema>;

/** What a capital call notice says when PAYMENT_INSTRUCTIONS is not set: a placeholder the firm replaces. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** How long start-up (and an operator command) waits for an unreachable PostgreSQL before giving up. */
  databaseWaitSeconds: number;
  /** Undefined only in the embedded default, where main.ts keeps one under dataDir. */
  jwtSecret: string | undefined;
  /**
   * Encrypts TOTP secrets at rest (docs/decisions/0015). Undefined: a key derived from the signing
   * secret, which the embedded demo uses (start-up says so when DATABASE_URL is set).
   */
  secondFactorKey: string | undefined;
  /** GPs must have a second factor before they reach anything else (docs/decisions/0016); off by default only in the embedded demo. */
  requireGpSecondFactor: boolean;
  webOrigin: string;
  /** Passkeys (docs/decisions/0015): the relying party id (a host name) and the origin the browser signs in from. */
  webauthn: { rpId: string; origin: string };
  corsOrigins: string[];
  trustProxy: boolean;
  /** How long a client may take to send a whole request, headers and body; then 408 and the connection is closed. */
  requestTimeoutSeconds: number;
  /** A connection on which nothing moves either way for this long is closed (a client that stops reading its answer). */
  idleTimeoutSeconds: number;
  /** Open connections one client address may hold; 0 = no cap. Not applied behind a proxy (trustProxy), where every connection is the proxy's. */
  maxConnectionsPerIp: number;
  /** Statements, exports and capital account reads one user may make a minute (that many at once, then refilling). */
  heavyReadsPerMinute: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: {
    clientId: string | undefined;
    issuers: string[];
    jwksUrl: string;
    userinfoUrl: string;
    tokeninfoUrl: string;
  };
  openai: { apiKey: string | undefined; baseUrl: string | undefined; model: string };
  marketDataProvider: 'simulated' | 'yahoo';
  /** How often quotes are refreshed; 0 turns the schedule off. */
  marketRefreshSeconds: number;
  /** Whether back-dated entries rebuild the past snapshots in the background (HISTORY_REBUILD). */
  historyRebuild: boolean;
  redisUrl: string | undefined;
  /** Whether this instance files notices and quarter-end statements and sends document e-mail (DOCUMENT_JOBS). */
  documentJobs: boolean;
  /** How long after a capital entry its notice is filed (NOTICE_DELAY_MS): time to correct a mistake first. */
  noticeDelayMs: number;
  /** The lines of the firm's payment instructions a capital call notice carries (PAYMENT_INSTRUCTIONS, split at |). */
  paymentInstructions: string[];
  /** A deposit or withdrawal above this many dollars (decimal text) asks for confirmation. */
  cashConfirmAbove: string;
  seedDemo: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  clientDist: string | undefined;
}

export class ConfigError extends Error {}

/** WEBAUTHN_ORIGIN defaults to the app's own origin, WEBAUTHN_RP_ID to that origin's host. */
function webauthnOf(rpId: string | undefined, origin: string | undefined, webOrigin: string): { rpId: string; origin: string } {
  const o = (origin ?? webOrigin).replace(/\/$/, '');
  const host = new URL(o).hostname;
  const id = rpId ?? host;
  if (host !== id && !host.endsWith(`.${id}`)) {
    throw new ConfigError(`Invalid setting: WEBAUTHN_RP_ID (${id}) must be the host of WEBAUTHN_ORIGIN (${host}) or a parent domain of it`);
  }
  return { rpId: id, origin: o };
}

/** Reads the settings; a bad value throws a ConfigError naming the setting, one line per bad setting. */
/**
 * The server signs sessions: with PostgreSQL (several instances) it needs JWT_SECRET. The CLI's
 * commands sign nothing and run without it.
 */
export function requireSigningSecret(config: Config): void {
  if (config.databaseUrl && !config.jwtSecret) {
    throw new ConfigError(
      'Invalid setting: JWT_SECRET is required when DATABASE_URL is set (at least 32 bytes, the same on every instance)',
    );
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = i.path.join('.');
      return i.message.includes(name) ? `Invalid setting: ${i.message}` : `Invalid setting ${name}: ${i.message}`;
    });
    throw new ConfigError(lines.join('\n'));
  }
  const e = parsed.data;
  const webOrigin = (e.WEB_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databaseWaitSeconds: e.DATABASE_WAIT_SECONDS,
    jwtSecret: e.JWT_SECRET,
    secondFactorKey: e.SECOND_FACTOR_KEY,
    requireGpSecondFactor:
      e.REQUIRE_GP_SECOND_FACTOR === undefined ? e.DATABASE_URL !== undefined : ['1', 'true'].includes(e.REQUIRE_GP_SECOND_FACTOR),
    webOrigin,
    webauthn: webauthnOf(e.WEBAUTHN_RP_ID, e.WEBAUTHN_ORIGIN, webOrigin),
    corsOrigins: e.CORS_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    idleTimeoutSeconds: e.IDLE_TIMEOUT_SECONDS,
    maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    heavyReadsPerMinute: e.HEAVY_READS_PER_MINUTE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Partner Portal <no-reply@localhost>',
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      issuers: e.GOOGLE_ISSUERS.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      jwksUrl: e.GOOGLE_JWKS_URL,
      userinfoUrl: e.GOOGLE_USERINFO_URL,
      tokeninfoUrl: e.GOOGLE_TOKENINFO_URL,
    },
    openai: { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL, model: e.OPENAI_MODEL },
    marketDataProvider: e.MARKET_DATA_PROVIDER,
    marketRefreshSeconds: e.MARKET_REFRESH_SECONDS,
    historyRebuild: e.HISTORY_REBUILD !== '0' && e.HISTORY_REBUILD !== 'false',
    redisUrl: e.REDIS_URL,
    documentJobs: e.DOCUMENT_JOBS !== '0' && e.DOCUMENT_JOBS !== 'false',
    noticeDelayMs: e.NOTICE_DELAY_MS,
    // The firm's own (contract/firm.ts) unless the setting gives others, lines split at |.
    paymentInstructions:
      e.PAYMENT_INSTRUCTIONS === undefined
        ? [...firm.paymentInstructions]
        : e.PAYMENT_INSTRUCTIONS.split('|')
            .map((line) => line.trim())
            .filter((line) => line !== ''),
    cashConfirmAbove: e.CASH_CONFIRM_ABOVE,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    clientDist: e.CLIENT_DIST,
  };
}
