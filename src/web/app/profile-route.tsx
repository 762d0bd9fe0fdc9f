import { ApiTokensCard } from '../features/api-tokens/components/api-tokens-card';
import { ProfilePage } from '../features/users/components/profile-page';

/** /profile, with the user's API tokens below their name and password. */
export function ProfileRoute() {
  return <ProfilePage extra={<ApiTokensCard />} />;
}
