import * as profile from '../../services/profile/profile';
import { authedProcedure, router } from '../../trpc/init';
import { changePasswordInput, changePasswordOutput, profileOutput, updateProfileInput } from '../../contract/profile';
import { declared } from '../../trpc/declared-output';
import { messageOutput } from '../../contract/common';

/** The GP and LP profile pages: the signed-in user's own details, their edit and their password. */
export const profileRouter = router({
  details: authedProcedure.output(declared(profileOutput)).query(({ ctx }) => profile.profileDetails(ctx.deps, ctx.user)),

  update: authedProcedure
    .input(updateProfileInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => profile.updateProfile(ctx.deps, ctx.user, input)),

  changePassword: authedProcedure
    .input(changePasswordInput)
    .output(declared(changePasswordOutput))
    .mutation(({ ctx, input }) => profile.changePassword(ctx.deps, ctx.user, input)),
});
