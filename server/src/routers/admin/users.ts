import { deleteUser, userInfo } from '../../services/users/users';
import { gpProcedure, gpStepUpProcedure, router } from '../../trpc/init';
import { endSessionsOfUser } from '../../services/second-factor/session-list';
import { idInput } from '../../contract/fields';
import { declared } from '../../trpc/declared-output';
import { messageOutput } from '../../contract/common';
import { userInfoOutput } from '../../contract/users';

/** The product's User info page (/user_info): the Users table with its Delete action, and the User Edit Logs. */
export const usersRouter = router({
  /** The users and the edit logs. */
  list: gpProcedure.output(declared(userInfoOutput)).query(({ ctx }) => userInfo(ctx.deps)),

  /** Deleting a user is guarded by step-up (docs/decisions/0016). */
  remove: gpStepUpProcedure
    .input(idInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => deleteUser(ctx.deps, ctx.user, input.id)),

  /** Ends every session of a user: their tokens answer 401 at once on every instance. */
  endSessions: gpProcedure
    .input(idInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => endSessionsOfUser(ctx.deps, ctx.user, input.id)),
});
