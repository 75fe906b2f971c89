import type { Db } from '../db/open';
import type { Background } from './background';
import type { GoogleVerifier } from './google';
import type { Mailer } from './mail';
import type { MarketService } from './market/service';
import type { PortfolioEngine } from './portfolio/engine';
import type { ModelAgent } from './assistant/openai-agent';
import type { RateLimiter } from './rate-limit';
import type { SessionStore } from './sessions';
import type { TokenService } from './tokens';

/** What the services need from the outside world; tests pass their own. */
export interface ServiceDeps {
  db: Db;
  tokens: TokenService;
  /** Each signed-in request's user row, kept per instance until the database says it changed. */
  sessions: SessionStore;
  mailer: Mailer;
  google: GoogleVerifier;
  limiter: RateLimiter;
  /** Work done after the answer has gone (a reset mail); shutdown waits for it. */
  background: Background;
  /** Quotes, history and predictions; requests only read what it has stored. */
  market: MarketService;
  /** The portfolio's valuation, computed once per change of the books and shared by every reader. */
  portfolio: PortfolioEngine;
  /** The assistant's OpenAI path when OPENAI_API_KEY is set; null means the offline parser. */
  assistantModel: ModelAgent | null;
  /** Where the web front end lives; links in invites and e-mails point there. */
  webOrigin: string;
  now: () => Date;
}

/** Who is asking: the request's client address, for rate limits. */
export interface Caller {
  ip: string;
}
