import { createInvite, openInvites, revokeInvite } from '../../services/invites/invites';
import { gpProcedure, router } from '../../trpc/init';
import { createInviteInput, inviteLinkOutput, invitesOutput } from '../../contract/invites';
import { idInput } from '../../contract/fields';
import { declared } from '../../trpc/declared-output';
import { messageOutput } from '../../contract/common';

/** The GP profile's invite links: 'GENERATE GP INVITE LINK', the open invites and their revocation. */
export const invitesRouter = router({
  create: gpProcedure
    .input(createInviteInput)
    .output(declared(inviteLinkOutput))
    .mutation(async ({ ctx, input }) => {
      const { link } = await createInvite(ctx.deps, { ...input, createdBy: ctx.user.id });
      return { link };
    }),

  /** The invites that can still be used, with their role, creator and expiry. */
  list: gpProcedure.output(declared(invitesOutput)).query(({ ctx }) => openInvites(ctx.deps)),

  revoke: gpProcedure
    .input(idInput)
    .output(declared(messageOutput))
    .mutation(({ ctx, input }) => revokeInvite(ctx.deps, ctx.user, input.id)),
});
