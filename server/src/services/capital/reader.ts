import { fail } from '../../platform/errors';
import type { Role } from '../../contract/roles';

/** Whose capital account a reader may see: an LP only their own, whatever id is sent; a GP the one they name. */
export function accountReader(user: { id: number; role: Role }, userId: number | undefined): number {
  if (user.role === 'LP') {
    if (userId !== undefined && userId !== user.id) throw fail.forbidden('You can read only your own capital account.');
    return user.id;
  }
  if (userId === undefined) throw fail.badRequest('userId is required: name the limited partner whose account to read.');
  return userId;
}
