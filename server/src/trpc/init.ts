import { initTRPC } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { authenticate } from '../services/accounts';
import { isDatabaseUnavailable } from '../services/db-errors';
import { fail } from '../services/errors';
import type { Context } from './context';
import { clientErrorFromDatabase } from './database-input-errors';
import { publicMessage } from './errors';

const t = initTRPC.context<Context>().create({
  isDev: false,
  errorFormatter: ({ shape, error }) => {
    const refused = clientErrorFromDatabase(error);
    if (refused) {
      return {
        ...shape,
        code: TRPC_ERROR_CODES_BY_KEY.BAD_REQUEST,
        message: publicMessage(refused),
        data: { code: refused.code, httpStatus: getHTTPStatusCodeFromError(refused), path: shape.data.path },
      };
    }
    // A database outage that escaped the procedures' middleware is still a 503, never a 500.
    const unavailable = error.code === 'INTERNAL_SERVER_ERROR' && isDatabaseUnavailable(error.cause);
    return {
      ...shape,
      message: publicMessage(error),
      data: {
        code: unavailable ? 'SERVICE_UNAVAILABLE' : shape.data.code,
        httpStatus: unavailable ? 503 : shape.data.httpStatus,
        path: shape.data.path,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every procedure: a failure to reach the database (stopped, restarting, unreachable) becomes a
 * 503 with one readable message, on tRPC and on the REST paths alike.
 */
export const publicProcedure = t.procedure.use(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR' && isDatabaseUnavailable(result.error.cause)) {
    throw fail.unavailable(result.error.cause);
  }
  return result;
});

/** Any signed-in user, GP or LP, whose token is valid and current. */
export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.token) throw fail.unauthorized('Please log in.');
  const user = await authenticate(ctx.deps, ctx.token);
  if (!user) throw fail.unauthorized('Your session has ended. Please log in again.');
  return next({ ctx: { ...ctx, user } });
});

export const gpProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'GP') throw fail.forbidden('Only general partners can do that.');
  return next();
});
