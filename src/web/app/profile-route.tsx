import { lazy, Suspense } from 'react';
import { ProfilePage } from '../features/users/components/profile-page';

// Its own chunk: the profile shows at once, the token list (dialogs, table parts) follows.
const ApiTokensCard = lazy(async () => ({
  default: (await import('../features/api-tokens/components/api-tokens-card')).ApiTokensCard,
}));

/** /profile, with the user's API tokens below their name and password. */
export function ProfileRoute() {
  return (
    <ProfilePage
      extra={
        <Suspense fallback={null}>
          <ApiTokensCard />
        </Suspense>
      }
    />
  );
}
