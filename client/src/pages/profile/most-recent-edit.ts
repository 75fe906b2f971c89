import { formatEasternDateTime } from '../../lib/format';

interface Edit {
  field_changed: string;
  old_value: string | null;
  new_value: string | null;
  changed_at: string;
}

const FIELD_NAMES: Record<string, string> = { first_name: 'first name', last_name: 'last name', email: 'email' };

/** docs/product.md §2: 'Changed {field} from {old} to {new} on {date}'. */
export function mostRecentEditText(edit: Edit | null): string | null {
  if (!edit) return null;
  const field = FIELD_NAMES[edit.field_changed] ?? edit.field_changed.replace(/_/g, ' ');
  // A password is never shown, so "from (hidden) to (hidden)" says nothing: only when it changed.
  if (edit.field_changed === 'password') return `Changed password on ${formatEasternDateTime(edit.changed_at)}`;
  return `Changed ${field} from ${edit.old_value ?? ''} to ${edit.new_value ?? ''} on ${formatEasternDateTime(edit.changed_at)}`;
}
