import { lazy, Suspense } from 'react';
import { ProfilePage } from '../features/users/components/profile-page';

// Its own chunk: the profile shows at once, the token list (dialogs, table parts) follows.
const ApiTokensCard = lazy(async () => ({
  default: (await import('../features/api-tokens/components/api-tokens-card')).ApiTokensCard,
}));

const WebhooksCard = lazy(async () => ({
  default: (await import('../features/webhooks/components/webhooks-card')).WebhooksCard,
}));

/** /profile, with the user's API tokens and webhooks below their name and password. */
export function ProfileRoute() {
  return (
    <ProfilePage
      extra={
        <>
          <Suspense fallback={null}>
            <ApiTokensCard />
          </Suspense>
          <Suspense fallback={null}>
            <WebhooksCard />
          </Suspense>
        </>
      }
    />
  );
}
