import type { Db } from '../../db/open';
import type { Logger } from '../../log';
import type { Mailer } from '../../platform/mail';
import type { PortfolioEngine } from '../portfolio/engine';
import { sendDueDocumentMail, type MailPass } from './document-mail';
import { fileDueDocuments, queueQuarterStatements, type FilingPass } from './filing';

/**
 * The background work of the portal's own documents (docs/decisions/0021, docs/architecture.md):
 * a pass queues the ended quarter's statements, files the due notices and statements, then sends
 * the due document e-mail. It runs at start-up (catching up), every hour (the sweep), NOTICE_DELAY_MS
 * after a capital entry or an upload (poke), and every minute for the e-mail alone (digests go
 * out at Monday 08:00 New York). Everything it does is claimed in the database, so any number of
 * instances may run it. Tests build the app with the jobs off (DOCUMENT_JOBS=0) and call runOnce.
 */
export interface DocumentJobs {
  /** Something was just recorded or filed: run a pass after the notice delay. Nothing when not started. */
  poke(): void;
  /** Starts the schedule (main.ts); does nothing when DOCUMENT_JOBS is off. */
  start(): void;
  /** Stops the schedule and waits for a pass under way. */
  stop(): Promise<void>;
  /** One whole pass, now; passes of one instance run one after another. */
  runOnce(): Promise<{ filing: FilingPass; mail: MailPass }>;
  /** The e-mail part alone. */
  sendMail(): Promise<MailPass>;
}

export interface DocumentJobsDeps {
  db: Db;
  portfolio: PortfolioEngine;
  mailer: Mailer;
  now: () => Date;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  webOrigin: string;
  paymentInstructions: string[];
  noticeDelayMs: number;
  enabled: boolean;
}

const SWEEP_MS = 60 * 60_000;
const MAIL_MS = 60_000;

export function createDocumentJobs(deps: DocumentJobsDeps): DocumentJobs {
  let started = false;
  let chain: Promise<unknown> = Promise.resolve();
  const timers = new Set<NodeJS.Timeout>();
  let intervals: NodeJS.Timeout[] = [];

  /** Runs work after whatever pass is under way; a failure is logged, never thrown to a timer. */
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work);
    chain = next.catch(() => undefined);
    return next;
  };

  const pass = async () => {
    const queued = await queueQuarterStatements(deps);
    if (queued.queued > 0) deps.log.info({ quarter: queued.quarter, statements: queued.queued }, 'quarter-end statements queued');
    const filing = await fileDueDocuments(deps, deps.log);
    if (filing.filed > 0 || filing.failed > 0) deps.log.info({ ...filing }, 'the portal filed its documents');
    const mail = await sendDueDocumentMail(deps, deps.log);
    return { filing, mail };
  };

  const runOnce = () => serial(pass);
  const sendMail = () => serial(() => sendDueDocumentMail(deps, deps.log));
  const quietly = (what: string, work: () => Promise<unknown>) => () => {
    work().catch((err: unknown) => deps.log.error({ err }, `${what} failed`));
  };

  return {
    poke() {
      if (!started) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        quietly('filing the portal’s documents', runOnce)();
      }, deps.noticeDelayMs + 100);
      timer.unref();
      timers.add(timer);
    },
    start() {
      if (!deps.enabled || started) return;
      started = true;
      quietly('filing the portal’s documents', runOnce)();
      intervals = [
        setInterval(quietly('the documents’ sweep', runOnce), SWEEP_MS),
        setInterval(quietly('document e-mail', sendMail), MAIL_MS),
      ];
      for (const i of intervals) i.unref();
    },
    async stop() {
      started = false;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const i of intervals) clearInterval(i);
      intervals = [];
      await chain;
    },
    runOnce,
    sendMail,
  };
}
