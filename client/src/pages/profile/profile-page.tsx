import { useState } from 'react';
import { Link } from 'wouter';
import type { Role } from '@contract/roles';
import { useLogout } from '../../api/use-sign-in';
import { portalPaths } from '../../components/nav-links';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ChangePasswordDialog } from './change-password-dialog';
import { GpTools } from './gp-tools';
import { NotificationsCard } from './notifications-card';
import { ProfileDetails } from './profile-details';
import { SessionsCard } from '../security/sessions-card';
import { TwoFactorCard } from '../security/two-factor-card';
import { PasskeysCard } from '../security/passkeys-card';
import './profile.css';

const ROLE_NAMES: Record<Role, string> = { GP: 'General Partner', LP: 'Limited Partner' };

/** docs/product.md §2's GP and LP profiles: the same page, with the GP's tools for GPs only. */
export function ProfilePage({ role }: { role: Role }) {
  useDocumentTitle('Profile');
  const logout = useLogout();
  const [changingPassword, setChangingPassword] = useState(false);

  return (
    <div className="page profile">
      <header className="page__header profile__header">
        <Link href={portalPaths(role).dashboard} className="back-link" aria-label="Back to dashboard">
          <span aria-hidden="true">←</span>
        </Link>
        <div>
          <h1 className="page__title">Profile</h1>
          <p className="profile__role">{ROLE_NAMES[role]}</p>
        </div>
      </header>
      <div className={`profile__layout${role === 'GP' ? ' profile__layout--tools' : ''}`}>
        <ProfileDetails onChangePassword={() => setChangingPassword(true)} />
        {role === 'GP' && <GpTools />}
        {/* Documents are addressed to LPs only, so only they choose how to hear of them. */}
        {role === 'LP' && <NotificationsCard />}
        <TwoFactorCard />
        <PasskeysCard />
        <SessionsCard />
      </div>
      <div className="profile__logout">
        <button type="button" className="button button--outline" onClick={logout}>
          LOG OUT
        </button>
      </div>
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </div>
  );
}
