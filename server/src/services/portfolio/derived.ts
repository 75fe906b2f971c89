import { createHash } from 'node:crypto';
import { executedRows } from '../../db/executed-rows';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/open';
import { dayInNewYork } from '../../domain/dates';
import { rememberSerialized } from '../../platform/serialized';
import type { PortfolioEngine, PortfolioView } from './engine';

/**
 * Figures derived from the books (capital accounts, an LP's account, the history, the valuation
 * answer), computed once per version of the books and kept with their JSON, as the holdings answer
 * is (decision 0014): a request while nothing has changed copies bytes, or answers 304 to its ETag.
 *
 * What they read beyond the engine's version (which every write to the ledger, lots, balances,
 * assets, quotes and capital entries moves) is fingerprinted by one small query per request: the
 * capital entries, the limited partners, the snapshots and the S&P 500's closes, so a change made
 * by any writer (another instance, the CLI, a trigger's cascade, the snapshot job) is seen at once.
 */

export interface DerivedDeps {
  db: Queryable;
  portfolio: PortfolioEngine;
  now: () => Date;
}

/** The answers kept for each engine view; a new view (a new version, or quotes aged) starts afresh. */
const byView = new WeakMap<PortfolioView, Map<string, Promise<object>>>();
/** At most this many answers per view (one per LP's account, history length, …): past it, the oldest go. */
const MAX_PER_VIEW = 2_000;

/** What the derived figures read besides the engine's version, as one text. */
async function fingerprint(db: Queryable): Promise<string> {
  const [row] = await executedRows<{ fingerprint: string }>(
    db,
    sql`
    select
      (select count(*) || ':' || coalesce(max(id), 0) || ':' || coalesce(sum(units), 0) || ':' || coalesce(max(created_at)::text, '')
         from capital_entries)
      || '|' || (select count(*) || ':' || coalesce(max(start_date)::text, '') from capital_fund)
      || '|' || (select count(*) || ':' || coalesce(md5(string_agg(id || ' ' || first_name || ' ' || last_name || ' ' || email, ',' order by id)), '')
         from users where role = 'LP')
      || '|' || (select count(*) || ':' || coalesce(max(date)::text, '') || ':' || coalesce(max(taken_at)::text, '') from portfolio_snapshots)
      || '|' || (select count(*) || ':' || coalesce(max(date)::text, '') from daily_closes where key = '^GSPC')
      as fingerprint`,
  );
  return row?.fingerprint ?? '';
}

const tagOf = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);

/**
 * The answer `name` (with what the request adds to it, e.g. a user id) for the books as they are:
 * computed at most once per version and fingerprint, serialized once, with an ETag. Readers arriving
 * while it is computed wait for the same computation; a failure is not kept.
 */
export async function derivedAnswer<T extends object>(
  deps: DerivedDeps,
  name: string,
  compute: (view: PortfolioView) => Promise<T>,
): Promise<T> {
  const [current, print] = await Promise.all([deps.portfolio.current(), fingerprint(deps.db)]);
  // A view made again only because the last aged keeps the answers (and ETags) of the books' first view.
  const view = current.basis ?? current;
  const key = `${name}|${dayInNewYork(deps.now())}|${print}`;
  let answers = byView.get(view);
  if (!answers) byView.set(view, (answers = new Map<string, Promise<object>>()));
  let answer = answers.get(key) as Promise<T> | undefined;
  if (!answer) {
    if (answers.size >= MAX_PER_VIEW) answers.delete(answers.keys().next().value!);
    answer = compute(view).then((result) => {
      rememberSerialized(result, {
        etag: `"${name.split('|')[0]}-${view.version}-${view.computedAt.getTime()}-${tagOf(key)}"`,
        body: Buffer.from(JSON.stringify(result)),
      });
      return result;
    });
    const kept = answers;
    answers.set(key, answer);
    answer.catch(() => kept.delete(key));
  }
  return answer;
}
