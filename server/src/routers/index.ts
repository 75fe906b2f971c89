import type { AnyProcedure } from '@trpc/server';
import { adminRouter } from './admin';
import { aiRouter } from './assistant';
import { assetsRouter } from './assets';
import { authRouter } from './auth';
import { contactRouter } from './contact';
import { documentsRouter } from './documents';
import { portfolioRouter } from './portfolio';
import { declared } from '../trpc/declared-output';
import { createCallerFactory, publicProcedure, router } from '../trpc/init';
import { messageOutput } from '../contract/common';

export const PING_MESSAGE = 'Welcome! The partner portal is online.';

export const appRouter = router({
  ping: publicProcedure.output(declared(messageOutput)).query(() => ({ message: PING_MESSAGE })),
  auth: authRouter,
  admin: adminRouter,
  contact: contactRouter,
  portfolio: portfolioRouter,
  assets: assetsRouter,
  ai: aiRouter,
  documents: documentsRouter,
});

export type AppRouter = typeof appRouter;

/** Every procedure's dotted path in the app router ('portfolio.holdings.list', 'auth.profile.details', ...). */
type PathsOf<R, Prefix extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyProcedure ? `${Prefix}${K}` : PathsOf<R[K], `${Prefix}${K}.`>;
}[keyof R & string];
export type ProcedurePath = PathsOf<AppRouter['_def']['record']>;
export const createCaller = createCallerFactory(appRouter);
export type AppCaller = ReturnType<typeof createCaller>;
