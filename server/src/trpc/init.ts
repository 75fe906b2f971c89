import { initTRPC } from '@trpc/server';
import { authenticate } from '../services/auth/accounts';
import { isDatabaseUnavailable } from '../db/errors';
import { fail } from '../platform/errors';
import { countHeavyRead } from '../platform/heavy-reads';
import { serializedOf } from '../platform/serialized';
import { ENROL_NEEDED, policyRequires, requireStepUp } from '../services/second-factor/factors';
import type { Context } from './context';
import { clientErrorFromDatabase } from './database-input-errors';
import { flagFields, publicMessage, trpcErrorOf } from './errors';

const t = initTRPC.context<Context>().create({
  isDev: false,
  errorFormatter: ({ shape, error }) => ({
    ...shape,
    message: publicMessage(error),
    data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, ...flagFields(error) },
  }),
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every procedure, on tRPC and on the REST paths alike: a failure to reach the database (stopped,
 * restarting, unreachable) becomes a 503 with one readable message, and a value the database
 * refused (too long, out of range, a character it cannot store) a 400, never a 500.
 */
export const publicProcedure = t.procedure.use(async ({ ctx, next }) => {
  const result = await next();
  // On the tRPC route, an answer kept with its JSON is sent as those bytes (docs/decisions/0022).
  const serialized = result.ok && ctx.serializedSlots ? serializedOf(result.data) : undefined;
  if (serialized && result.ok) (result as { data: unknown }).data = ctx.serializedSlots!.placeholder(serialized);
  if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR') {
    const cause = result.error.cause;
    if (isDatabaseUnavailable(cause)) throw trpcErrorOf(fail.unavailable(cause));
    // A service's DomainError (or a value the database refused) gets its status here, once.
    const mapped = trpcErrorOf(clientErrorFromDatabase(cause) ?? result.error);
    if (mapped !== result.error) throw mapped;
  }
  return result;
});

/**
 * What a GP whom the policy requires to set up a second factor may call before doing so
 * (docs/decisions/0016): the set-up itself, the profile page around it, and logging out.
 */
export const OPEN_BEFORE_ENROLMENT: ReadonlySet<string> = new Set([
  'auth.logout',
  'auth.profile.details',
  'auth.secondFactor.status',
  'auth.secondFactor.startTotp',
  'auth.secondFactor.confirmTotp',
]);

/**
 * Any signed-in user, GP or LP, whose token is valid and current. Under the GP policy a GP without
 * a second factor reaches only OPEN_BEFORE_ENROLMENT; anything else is 403 with the enrolSecondFactor flag.
 */
export const authedProcedure = publicProcedure.use(async ({ ctx, next, path }) => {
  if (!ctx.token) throw fail.unauthorized('Please log in.');
  const user = await authenticate(ctx.deps, ctx.token, ctx);
  if (!user) throw fail.unauthorized('Your session has ended. Please log in again.');
  if (!user.secondFactor && policyRequires(ctx.deps, user) && !OPEN_BEFORE_ENROLMENT.has(path)) {
    throw fail.forbidden(ENROL_NEEDED, 'enrolSecondFactor');
  }
  return next({ ctx: { ...ctx, user } });
});

export const gpProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'GP') throw fail.forbidden('Only general partners can do that.');
  return next();
});

/** A GP's guarded change (docs/decisions/0016): with a second factor, one verified in the last 10 minutes. */
export const gpStepUpProcedure = gpProcedure.use(async ({ ctx, next }) => {
  await requireStepUp(ctx.deps, ctx.user);
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
