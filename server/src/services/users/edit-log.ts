import type { Queryable } from '../../db/open';
import { userEditLogs } from '../../db/schema';

export interface FieldChange {
  field: string;
  oldValue: string | null;
  newValue: string | null;
}

/** One user edit log row per changed field. */
export async function recordEdits(
  db: Queryable,
  target: { id: number; email: string },
  changes: FieldChange[],
  changedBy: number | null,
  at: Date,
): Promise<void> {
  if (changes.length === 0) return;
  await db.insert(userEditLogs).values(
    changes.map((c) => ({
      userId: target.id,
      userEmail: target.email,
      fieldChanged: c.field,
      oldValue: c.oldValue,
      newValue: c.newValue,
      changedBy,
      changedAt: at,
    })),
  );
}

/** Passwords are logged as changed, never with their values. */
export const PASSWORD_CHANGE: FieldChange = { field: 'password', oldValue: '(hidden)', newValue: '(hidden)' };
