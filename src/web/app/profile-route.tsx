import { lazy, Suspense } from 'react';
import { ProfilePage } from '../features/users/components/profile-page';
import { useCan } from '../lib/workspace-role';

// Their own chunks: the profile shows at once, the token list (dialogs, table parts) and the alert
// switches follow.
const ApiTokensCard = lazy(async () => ({
  default: (await import('../features/api-tokens/components/api-tokens-card')).ApiTokensCard,
}));
const AlertsCard = lazy(async () => ({
  default: (await import('../features/alerts/components/alerts-card')).AlertsCard,
}));
const MediaStorageCard = lazy(async () => ({
  default: (await import('../features/media/components/media-storage-card')).MediaStorageCard,
}));
const WebhooksCard = lazy(async () => ({
  default: (await import('../features/webhooks/components/webhooks-card')).WebhooksCard,
}));

/**
 * /profile, with the user's media storage, alert mails, API tokens and webhooks below their name and
 * password.
 */
export function ProfileRoute() {
  // The workspace's webhooks are its settings: shown to those who may change them.
  const settings = useCan('manageSettings');
  return (
    <ProfilePage
      extra={
        <>
          <Suspense fallback={null}>
            <MediaStorageCard />
          </Suspense>
          <Suspense fallback={null}>
            <AlertsCard />
          </Suspense>
          <Suspense fallback={null}>
            <ApiTokensCard />
          </Suspense>
          {settings && (
            <Suspense fallback={null}>
              <WebhooksCard />
            </Suspense>
          )}
        </>
      }
    />
  );
}
