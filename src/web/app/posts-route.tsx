import { ComposerAi } from '../features/ai/components/composer-ai';
import { InsightsSummary } from '../features/ai/components/insights-summary';
import { ConnectReturn } from '../features/connections/components/connect-return';
import { ManagePlatformsButton } from '../features/connections/components/manage-platforms-button';
import { PostsSlotsProvider, type PostsSlots } from '../features/posts/components/posts-slots';
import { PostsPage } from '../features/posts/components/posts-page';
import { LocaleDatesProvider } from './dates-provider';

/** The AI parts of the post manager come from the ai feature. */
const postsSlots: PostsSlots = {
  composerAi: ComposerAi,
  insights: InsightsSummary,
};

/**
 * /posts: the post manager, with Manage Platforms, and where a network's consent page sends the user back.
 * Its date pickers get the UI language here, so the home route's bundle
 * carries none of @mantine/dates.
 */
export function PostsRoute() {
  return (
    <LocaleDatesProvider>
      <PostsSlotsProvider value={postsSlots}>
        <ConnectReturn />
        <PostsPage
          headerActions={<ManagePlatformsButton />}
          manageAccounts={<ManagePlatformsButton size="sm" variant="subtle" />}
        />
      </PostsSlotsProvider>
    </LocaleDatesProvider>
  );
}
