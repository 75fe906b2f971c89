import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter, ProcedurePath } from '@server/router';

/**
 * Calls whose 401 means "wrong credentials", not "your session ended": the sign-in pages show
 * their message instead of being sent to /login.
 */
export const SIGN_IN_PROCEDURES: ReadonlySet<string> = new Set<ProcedurePath>([
  'auth.login',
  'auth.loginSecondFactor',
  'auth.googleLogin',
  'auth.googleSignup',
]);

/** docs/product.md §4: any 401 from the API ends the session; `onSessionEnded` clears it and goes to /login. */
export function sessionEndLink(onSessionEnded: () => void): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) =>
        next(op).subscribe({
          next: (value) => observer.next(value),
          error: (error) => {
            if (error.data?.httpStatus === 401 && !SIGN_IN_PROCEDURES.has(op.path)) onSessionEnded();
            observer.error(error);
          },
          complete: () => observer.complete(),
        }),
      );
}
