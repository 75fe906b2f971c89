import { z } from 'zod';
import { createInvite, openInvites, revokeInvite } from '../services/invites';
import { deleteUser, userInfo } from '../services/user-admin';
import { gpProcedure, router } from '../trpc/init';
import { idField, roleField } from '../contract/fields';
import { declared } from '../trpc/declared-output';
import { inviteLinkOutput, invitesOutput, messageOutput, userInfoOutput } from '../contract/outputs';

export const adminRouter = router({
  createInvite: gpProcedure
    .input(
      z.strictObject({
        role: roleField,
        validityHours: z
          .number({ error: 'validityHours must be a number of hours.' })
          .int('validityHours must be a whole number of hours.')
          .min(1, 'validityHours must be between 1 and 24.')
          .max(24, 'validityHours must be between 1 and 24.')
          .optional(),
      }),
    )
    .output(declared(inviteLinkOutput)).mutation(async ({ ctx, input }) => {
      const { link } = await createInvite(ctx.deps, { ...input, createdBy: ctx.user.id });
      return { link };
    }),

  /** The invites that can still be used, with their role, creator and expiry. */
  invites: gpProcedure.output(declared(invitesOutput)).query(({ ctx }) => openInvites(ctx.deps)),

  revokeInvite: gpProcedure
    .input(z.strictObject({ id: idField }))
    .output(declared(messageOutput)).mutation(({ ctx, input }) => revokeInvite(ctx.deps, ctx.user, input.id)),

  userInfo: gpProcedure.output(declared(userInfoOutput)).query(({ ctx }) => userInfo(ctx.deps)),

  deleteUser: gpProcedure
    .input(z.strictObject({ id: idField }))
    .output(declared(messageOutput)).mutation(({ ctx, input }) => deleteUser(ctx.deps, ctx.user, input.id)),
});
