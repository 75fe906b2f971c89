import { createInvite, openInvites, revokeInvite } from '../services/invites';
import { deleteUser, userInfo } from '../services/user-admin';
import { gpProcedure, router } from '../trpc/init';
import { createInviteInput } from '../contract/admin';
import { idInput } from '../contract/fields';
import { declared } from '../trpc/declared-output';
import { inviteLinkOutput, invitesOutput, messageOutput, userInfoOutput } from '../contract/outputs';

export const adminRouter = router({
  createInvite: gpProcedure
    .input(createInviteInput)
    .output(declared(inviteLinkOutput)).mutation(async ({ ctx, input }) => {
      const { link } = await createInvite(ctx.deps, { ...input, createdBy: ctx.user.id });
      return { link };
    }),

  /** The invites that can still be used, with their role, creator and expiry. */
  invites: gpProcedure.output(declared(invitesOutput)).query(({ ctx }) => openInvites(ctx.deps)),

  revokeInvite: gpProcedure
    .input(idInput)
    .output(declared(messageOutput)).mutation(({ ctx, input }) => revokeInvite(ctx.deps, ctx.user, input.id)),

  userInfo: gpProcedure.output(declared(userInfoOutput)).query(({ ctx }) => userInfo(ctx.deps)),

  deleteUser: gpProcedure
    .input(idInput)
    .output(declared(messageOutput)).mutation(({ ctx, input }) => deleteUser(ctx.deps, ctx.user, input.id)),
});
