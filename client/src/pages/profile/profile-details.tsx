import { useId, useState, type FormEvent } from 'react';
import { updateProfileInput } from '@contract/profile';
import { messageOf } from '../../api/errors';
import { useSession } from '../../api/session';
import { trpc } from '../../api/trpc';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { useToast } from '../../lib/notify';
import { formatEasternDateTime } from '../../lib/format';
import { useFieldErrors } from '../../lib/use-field-errors';
import { mostRecentEditText } from './most-recent-edit';

export const PROFILE_UPDATED = 'Profile updated successfully!';
export const PROFILE_UPDATE_FAILED = 'Failed to update profile.';
const NEVER = 'Never';

interface Draft {
  first_name: string;
  last_name: string;
  email: string;
  /** Asked for only when the e-mail of an account with a password changes. */
  current_password: string;
}

const NAMES = [
  { field: 'first_name', label: 'First Name', autoComplete: 'given-name' },
  { field: 'last_name', label: 'Last Name', autoComplete: 'family-name' },
] as const;

/** The account's names, e-mail and times; Edit turns the names and e-mail into inputs, Save sends them. */
export function ProfileDetails({ onChangePassword }: { onChangePassword: () => void }) {
  const notify = useToast();
  const session = useSession();
  const utils = trpc.useUtils();
  const details = trpc.auth.profile.details.useQuery();
  const update = trpc.auth.profile.update.useMutation();
  const [draft, setDraft] = useState<Draft | null>(null);
  const passwordHintId = useId();
  const { formRef, errors, validate, clear, reset } = useFieldErrors();

  if (details.isPending) return <section className="card profile__card">Loading...</section>;
  // docs/product.md §8: a failed load is only logged (the app's query cache does that), with no message of its own.
  if (details.isError) return <section className="card profile__card">Your profile could not be loaded.</section>;

  const { user, lastLogin, lastEdit, mostRecentEdit } = details.data;
  const googleAccount = session?.authMethod === 'google' || user.auth_method === 'google';
  const emailChanging = draft !== null && !googleAccount && draft.email.trim().toLowerCase() !== user.email;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!draft) {
      setDraft({ first_name: user.first_name, last_name: user.last_name, email: user.email, current_password: '' });
      return;
    }
    const { current_password, ...fields } = draft;
    const input = { ...fields, ...(emailChanging ? { current_password } : {}), last_login: user.last_login, last_edit: user.last_edit };
    if (!validate(updateProfileInput, input).ok) return;
    update.mutate(input, {
      onSuccess: (answer) => {
        notify.success(answer.message || PROFILE_UPDATED);
        setDraft(null);
        reset();
        void utils.auth.profile.details.invalidate();
      },
      onError: (error) => notify.error(messageOf(error, PROFILE_UPDATE_FAILED)),
    });
  };

  const edit = (field: keyof Draft) => (event: { target: { value: string } }) => {
    setDraft((d) => (d ? { ...d, [field]: event.target.value } : d));
    clear(field);
  };

  return (
    <section className="card profile__card" aria-labelledby="details-heading">
      <h2 id="details-heading" className="card__title">
        Account details
      </h2>
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        {draft ? (
          <div className="profile__edit">
            {NAMES.map(({ field, label, autoComplete }) => (
              <TextField
                key={field}
                label={label}
                autoComplete={autoComplete}
                required
                value={draft[field]}
                error={errors[field]}
                onChange={edit(field)}
              />
            ))}
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              required
              disabled={googleAccount}
              hint={googleAccount ? 'The email of a Google account cannot be changed.' : undefined}
              value={draft.email}
              error={errors.email}
              onChange={edit('email')}
            />
            {emailChanging && (
              <PasswordField
                label="Current Password"
                autoComplete="current-password"
                required
                aria-describedby={passwordHintId}
                value={draft.current_password}
                error={errors.current_password}
                onChange={edit('current_password')}
              />
            )}
            {emailChanging && (
              <p id={passwordHintId} className="field__hint">
                Your current password is needed to change your email. We will tell your old address about the change.
              </p>
            )}
          </div>
        ) : (
          <dl className="details">
            <Detail term="First Name" value={user.first_name} />
            <Detail term="Last Name" value={user.last_name} />
            <Detail term="Email" value={user.email} />
          </dl>
        )}
        <dl className="details details--meta">
          <Detail term="Last Logged In" value={formatEasternDateTime(lastLogin, NEVER)} />
          <Detail term="Last Edit" value={formatEasternDateTime(lastEdit, NEVER)} />
          <Detail term="Most Recent Edit" value={mostRecentEditText(mostRecentEdit) ?? NEVER} />
        </dl>
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={update.isPending}>
            {draft ? 'Save' : 'Edit'}
          </button>
          {draft && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setDraft(null);
                reset();
              }}
            >
              Cancel
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={onChangePassword}>
            Change Password
          </button>
        </div>
      </form>
    </section>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className="details__row">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
