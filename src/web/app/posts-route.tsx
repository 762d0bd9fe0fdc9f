import { ComposerAi } from '../features/ai/components/composer-ai';
import { ConnectReturn } from '../features/connections/components/connect-return';
import { ManagePlatformsButton } from '../features/connections/components/manage-platforms-button';
import { ComposerSlotsProvider, type ComposerSlots } from '../features/posts/components/composer-slots';
import { PostsPage } from '../features/posts/components/posts-page';
import { LocaleDatesProvider } from './dates-provider';

/** The composer's AI actions come from the ai feature. */
const composerSlots: ComposerSlots = { ai: (props) => <ComposerAi {...props} /> };

/**
 * /posts: the post manager, with Manage Platforms, and where a network's consent page sends the user back.
 * Its date pickers get the UI language here, so the home route's bundle
 * carries none of @mantine/dates.
 */
export function PostsRoute() {
  return (
    <LocaleDatesProvider>
      <ComposerSlotsProvider value={composerSlots}>
        <ConnectReturn />
        <PostsPage
          headerActions={<ManagePlatformsButton />}
          manageAccounts={<ManagePlatformsButton size="sm" variant="subtle" />}
        />
      </ComposerSlotsProvider>
    </LocaleDatesProvider>
  );
}
