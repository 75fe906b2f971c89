import { deleteUser, userInfo } from '../../services/users/users';
import { gpProcedure, router } from '../../trpc/init';
import { idInput } from '../../contract/fields';
import { declared } from '../../trpc/declared-output';
import { messageOutput } from '../../contract/common';
import { userInfoOutput } from '../../contract/users';

/** The product's User info page (/user_info): the Users table with its Delete action, and the User Edit Logs. */
export const usersRouter = router({
  /** The users and the edit logs. */
  list: gpProcedure.output(declared(userInfoOutput)).query(({ ctx }) => userInfo(ctx.deps)),

  remove: gpProcedure
    .input(idInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => deleteUser(ctx.deps, ctx.user, input.id)),
});
