import { z } from 'zod';
import { roleField } from './fields';
import { INVITE_VALIDITY_HOURS } from './invite-rules';
import { isoTime, role } from './common';

const hoursMessage = `validityHours must be between 1 and ${INVITE_VALIDITY_HOURS}.`;

export const createInviteInput = z.strictObject({
  role: roleField,
  validityHours: z
    .number({ error: 'validityHours must be a number of hours.' })
    .int('validityHours must be a whole number of hours.')
    .min(1, hoursMessage)
    .max(INVITE_VALIDITY_HOURS, hoursMessage)
    .optional(),
});

export const inviteLinkOutput = z.object({ link: z.string() });
export type InviteLinkOutput = z.infer<typeof inviteLinkOutput>;
export const invitesOutput = z.array(
  z.object({ id: z.number().int(), role, created_at: isoTime, created_by: z.string().nullable(), expires_at: isoTime }),
);
export type InvitesOutput = z.infer<typeof invitesOutput>;
