import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import type { Role } from '@contract/roles';
import { INVITE_VALIDITY_HOURS } from '@contract/invite-rules';
import { messageOf } from '../../api/errors';
import { trpc } from '../../api/trpc';
import { useToast } from '../../lib/notify';
import { copyText } from '../../lib/copy-text';
import { OpenInvites } from './open-invites';

export const INVITE_COPIED = 'Invite link copied!';
export const INVITE_FAILED = 'Failed to generate invite';
/** docs/product.md §9. */
export const INVITE_TOAST_MS = 3000;
export const LINK_READY_MS = 5000;

/** The GP's buttons: submissions, user information, reconciliation with the broker, the partners' documents, and invite links for either role. */
export function GpTools() {
  const notify = useToast();
  const utils = trpc.useUtils();
  const createInvite = trpc.admin.invites.create.useMutation({ onSettled: () => void utils.admin.invites.list.invalidate() });
  const [readyLink, setReadyLink] = useState<string | null>(null);
  // The last link copied stays in view, so the GP can see what is on the clipboard.
  const [copied, setCopied] = useState<{ role: Role; link: string } | null>(null);
  const linkId = useId();
  const copiedId = useId();

  useEffect(() => {
    if (!readyLink) return;
    const timer = setTimeout(() => setReadyLink(null), LINK_READY_MS);
    return () => clearTimeout(timer);
  }, [readyLink]);

  const generate = (role: Role) =>
    createInvite.mutate(
      { role, validityHours: INVITE_VALIDITY_HOURS },
      {
        onSuccess: async ({ link }) => {
          if (await copyText(link)) {
            setCopied({ role, link });
            notify.success(INVITE_COPIED, { durationMs: INVITE_TOAST_MS });
          } else {
            setCopied(null);
            setReadyLink(link);
          }
        },
        onError: (error) => notify.error(messageOf(error, INVITE_FAILED)),
      },
    );

  return (
    <section className="card profile__card" aria-labelledby="tools-heading">
      <h2 id="tools-heading" className="card__title">
        Partner tools
      </h2>
      <div className="profile__tools">
        <Link href="/submissions" className="button button--secondary">
          View Form Submissions
        </Link>
        <Link href="/user_info" className="button button--secondary">
          View User Information
        </Link>
        <Link href="/reconciliation" className="button button--secondary">
          Reconcile with the Broker
        </Link>
        <Link href="/documents" className="button button--secondary">
          Partner Documents
        </Link>
      </div>
      <h3 className="profile__subheading">Invite a partner</h3>
      <p className="profile__note">Invite links are valid for {INVITE_VALIDITY_HOURS} hours and can be used once.</p>
      <div className="profile__tools">
        <button type="button" className="button button--primary" disabled={createInvite.isPending} onClick={() => generate('GP')}>
          GENERATE GP INVITE LINK
        </button>
        <button type="button" className="button button--primary" disabled={createInvite.isPending} onClick={() => generate('LP')}>
          GENERATE LP INVITE LINK
        </button>
      </div>
      {copied && (
        <div className="field profile__link-copied">
          <label htmlFor={copiedId} className="field__label">
            {copied.role} invite link (copied)
          </label>
          <input id={copiedId} className="field__input" readOnly value={copied.link} onFocus={(e) => e.target.select()} />
        </div>
      )}
      {readyLink && (
        <div className="field profile__link-ready">
          <label htmlFor={linkId} className="field__label">
            Link ready
          </label>
          <textarea
            id={linkId}
            className="field__input field__input--area"
            readOnly
            rows={3}
            value={readyLink}
            onFocus={(e) => e.target.select()}
          />
        </div>
      )}
      <OpenInvites />
    </section>
  );
}
