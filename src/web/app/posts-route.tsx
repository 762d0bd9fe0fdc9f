import { ConnectReturn } from '../features/connections/components/connect-return';
import { ManagePlatformsButton } from '../features/connections/components/manage-platforms-button';
import { PostsPage } from '../features/posts/components/posts-page';

/** /posts: the post manager, with Manage Platforms, and where a network's consent page sends the user back. */
export function PostsRoute() {
  return (
    <>
      <ConnectReturn />
      <PostsPage
        headerActions={<ManagePlatformsButton />}
        manageAccounts={<ManagePlatformsButton size="sm" variant="subtle" />}
      />
    </>
  );
}
