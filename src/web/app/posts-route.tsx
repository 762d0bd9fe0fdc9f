import { ConnectReturn } from '../features/connections/components/connect-return';
import { ManagePlatformsButton } from '../features/connections/components/manage-platforms-button';
import { PostsPage } from '../features/posts/components/posts-page';
import { LocaleDatesProvider } from './dates-provider';

/**
 * /posts: the post manager, with Manage Platforms, and where a network's consent page sends the user back.
 * Its date pickers get the UI language here, so the home route's bundle
 * carries none of @mantine/dates.
 */
export function PostsRoute() {
  return (
    <LocaleDatesProvider>
      <ConnectReturn />
      <PostsPage
        headerActions={<ManagePlatformsButton />}
        manageAccounts={<ManagePlatformsButton size="sm" variant="subtle" />}
      />
    </LocaleDatesProvider>
  );
}
