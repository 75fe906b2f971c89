import { initTRPC } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { authenticate } from '../services/accounts';
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
    return {
      ...shape,
      message: publicMessage(error),
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

/** Any signed-in user, GP or LP, whose token is valid and current. */
export const authedProcedure = t.procedure.use(async ({ ctx, next }) => {
  if (!ctx.token) throw fail.unauthorized('Please log in.');
  const user = await authenticate(ctx.deps, ctx.token);
  if (!user) throw fail.unauthorized('Your session has ended. Please log in again.');
  return next({ ctx: { ...ctx, user } });
});

export const gpProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'GP') throw fail.forbidden('Only general partners can do that.');
  return next();
});
