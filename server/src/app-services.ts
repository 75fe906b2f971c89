import type { Db } from './db/open';
import type { Background } from './platform/background';
import type { GoogleVerifier } from './services/auth/google';
import type { Mailer } from './platform/mail';
import type { MarketService } from './services/market/service';
import type { HistoryRebuilder } from './services/portfolio/history-rebuild';
import type { PortfolioEngine } from './services/portfolio/engine';
import type { ModelAgent } from './services/assistant/openai-agent';
import type { Bucket, RateLimiter } from './platform/rate-limit';
import type { SessionStore } from './services/auth/sessions';
import type { TokenService } from './services/auth/tokens';
import type { SecretBox } from './services/second-factor/secret-box';
import type { SecurityLog } from './services/second-factor/factors';
import type { DocumentJobs } from './services/notices/jobs';

/**
 * The app's instances, built once by buildApp and handed to every procedure as ctx.deps. No
 * service imports this: each declares the few things it uses (HoldingsDeps, AccountsDeps…),
 * and this container has them all, so a router passes it as it is. Tests reach the same instances.
 */
export interface AppServices {
  db: Db;
  tokens: TokenService;
  /** Each signed-in request's user row, kept per instance until the database says it changed. */
  sessions: SessionStore;
  mailer: Mailer;
  google: GoogleVerifier;
  limiter: RateLimiter;
  /** Each user's bucket of expensive reads (statements, exports, capital accounts). */
  heavyReads: Bucket;
  /** Work done after the answer has gone (a reset mail); shutdown waits for it. */
  background: Background;
  /** Quotes, history and predictions; requests only read what it has stored. */
  market: MarketService;
  /** Rebuilds the past snapshots after back-dated entries, in the background (docs/decisions/0018). */
  history: HistoryRebuilder;
  /** The portfolio's valuation, computed once per change of the books and shared by every reader. */
  portfolio: PortfolioEngine;
  /** The assistant's OpenAI path when OPENAI_API_KEY is set; null means the offline parser. */
  assistantModel: ModelAgent | null;
  /** Seals TOTP secrets and hashes recovery codes (SECOND_FACTOR_KEY, docs/decisions/0015). */
  secondFactorBox: SecretBox;
  /** REQUIRE_GP_SECOND_FACTOR: a GP without a second factor reaches only its set-up (docs/decisions/0016). */
  requireGpSecondFactor: boolean;
  /** Where security events (wrong second-factor codes) are logged. */
  log: SecurityLog;
  /** Where the web front end lives; links in invites and e-mails point there. */
  webOrigin: string;
  /** Passkeys' relying party id and expected origin (WEBAUTHN_RP_ID, WEBAUTHN_ORIGIN). */
  webauthn: { rpId: string; origin: string };
  /** A deposit or withdrawal above this amount (decimal text, CASH_CONFIRM_ABOVE) must be confirmed. */
  cashConfirmAbove: string;
  /** Files notices and quarter-end statements and sends document e-mail in the background (docs/decisions/0021). */
  documentJobs: DocumentJobs;
  /** How long after a capital entry its notice is filed (NOTICE_DELAY_MS). */
  noticeDelayMs: number;
  now: () => Date;
}
