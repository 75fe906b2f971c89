import { z } from 'zod';
import { authMethod, isoTime, role } from './common';

/** The User info page's answer (admin.users): the users and the edit logs. */

export const userInfoOutput = z.object({
  users: z.array(
    z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      role,
      auth_method: authMethod,
      last_login: isoTime.nullable(),
      last_edit: isoTime.nullable(),
      created_at: isoTime,
    }),
  ),
  logs: z.array(
    z.object({
      id: z.number().int(),
      user_id: z.number().int().nullable(),
      user_email: z.string(),
      field_changed: z.string(),
      old_value: z.string().nullable(),
      new_value: z.string().nullable(),
      changed_by: z.number().int().nullable(),
      changed_at: isoTime,
    }),
  ),
});
export type UserInfoOutput = z.infer<typeof userInfoOutput>;
