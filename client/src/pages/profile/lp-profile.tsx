import { ProfilePage } from './profile-page';

export function LpProfilePage() {
  return <ProfilePage role="LP" />;
}
