import { ProfilePage } from './profile-page';

export function GpProfilePage() {
  return <ProfilePage role="GP" />;
}
