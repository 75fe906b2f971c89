import { adminRouter } from '../routers/admin';
import { aiRouter } from '../routers/ai';
import { assetsRouter } from '../routers/assets';
import { authRouter } from '../routers/auth';
import { contactRouter } from '../routers/contact';
import { messageOutput } from '../contract/outputs';
import { portfolioRouter } from '../routers/portfolio';
import { declared } from './declared-output';
import { createCallerFactory, publicProcedure, router } from './init';

export const PING_MESSAGE = 'Welcome! The partner portal is online.';

export const appRouter = router({
  ping: publicProcedure.output(declared(messageOutput)).query(() => ({ message: PING_MESSAGE })),
  auth: authRouter,
  admin: adminRouter,
  contact: contactRouter,
  portfolio: portfolioRouter,
  assets: assetsRouter,
  ai: aiRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
export type AppCaller = ReturnType<typeof createCaller>;
