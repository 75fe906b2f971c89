import { initTRPC } from '@trpc/server';
import { authenticate } from '../services/auth/accounts';
import { isDatabaseUnavailable } from '../db/errors';
import { fail } from '../platform/errors';
import { countHeavyRead } from '../platform/heavy-reads';
import type { Context } from './context';
import { clientErrorFromDatabase } from './database-input-errors';
import { publicMessage, trpcErrorOf } from './errors';

const t = initTRPC.context<Context>().create({
  isDev: false,
  errorFormatter: ({ shape, error }) => ({
    ...shape,
    message: publicMessage(error),
    data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path },
  }),
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every procedure, on tRPC and on the REST paths alike: a failure to reach the database (stopped,
 * restarting, unreachable) becomes a 503 with one readable message, and a value the database
 * refused (too long, out of range, a character it cannot store) a 400, never a 500.
 */
export const publicProcedure = t.procedure.use(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR') {
    const cause = result.error.cause;
    if (isDatabaseUnavailable(cause)) throw trpcErrorOf(fail.unavailable(cause));
    // A service's DomainError (or a value the database refused) gets its status here, once.
    const mapped = trpcErrorOf(clientErrorFromDatabase(cause) ?? result.error);
    if (mapped !== result.error) throw mapped;
  }
  return result;
});

/** Any signed-in user, GP or LP, whose token is valid and current. */
export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.token) throw fail.unauthorized('Please log in.');
  const user = await authenticate(ctx.deps, ctx.token, ctx);
  if (!user) throw fail.unauthorized('Your session has ended. Please log in again.');
  return next({ ctx: { ...ctx, user } });
});

export const gpProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'GP') throw fail.forbidden('Only general partners can do that.');
  return next();
});

/** A read that costs far more than a plain one (a statement, an export, a capital account): counted per user. */
export const heavyReadProcedure = authedProcedure.use(async ({ ctx, next }) => {
  await countHeavyRead(ctx.deps, ctx.user.id);
  return next();
});

export const gpHeavyReadProcedure = gpProcedure.use(async ({ ctx, next }) => {
  await countHeavyRead(ctx.deps, ctx.user.id);
  return next();
});
