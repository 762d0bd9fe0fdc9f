import { lazy } from 'react';
import { PostFormPartsProvider } from '../components/post-form/post-form-parts';
import { AdaptButton } from '../features/ai/components/adapt-button';
import { ComposerAi } from '../features/ai/components/composer-ai';
import { ConnectReturn } from '../features/connections/components/connect-return';
import { ManagePlatformsButton } from '../features/connections/components/manage-platforms-button';
import { EvergreenButton } from '../features/evergreen/components/evergreen-button';
import { HashtagsButton } from '../features/hashtags/components/hashtags-button';
import { PostsPage } from '../features/posts/components/posts-page';
import { PostsSlotsProvider, type PostsSlots } from '../features/posts/components/posts-slots';
import { TemplatesButton } from '../features/templates/components/templates-button';
import { InsertVariableSelect } from '../features/variables/components/insert-variable-select';
import { WithVariables } from '../features/variables/components/with-variables';
import { PostComments } from './comments-parts';
import { ShareForReviewButton } from '../features/review-links/components/create-review-link-modal';
import { LocaleDatesProvider } from './dates-provider';
import { postFormParts } from './post-form-parts';

/** A post's details offer a review link for it alone. */
function SharePostForReview({ postId }: { postId: string }) {
  return <ShareForReviewButton postIds={[postId]} variant="light" />;
}

const RecurringTab = lazy(() => import('./recurring-tab').then((m) => ({ default: m.RecurringTab })));

/** The post manager's parts from other features: AI, templates, saved texts (variables), hashtags. */
const postsSlots: PostsSlots = {
  composerAi: ComposerAi,
  adaptForNetwork: AdaptButton,
  templates: TemplatesButton,
  insertText: InsertVariableSelect,
  hashtags: HashtagsButton,
  withVariables: WithVariables,
  comments: PostComments,
  shareForReview: SharePostForReview,
  evergreen: EvergreenButton,
};

/**
 * /posts: the post manager, with Manage Platforms and the recurring posts, and where a network's consent
 * page sends the user back.
 * Its date pickers get the UI language here, so the home route's bundle
 * carries none of @mantine/dates.
 */
export function PostsRoute() {
  return (
    <LocaleDatesProvider>
      <PostsSlotsProvider value={postsSlots}>
        <PostFormPartsProvider value={postFormParts}>
          <ConnectReturn />
          <PostsPage
            headerActions={
              <>
                <ShareForReviewButton />
                <ManagePlatformsButton />
              </>
            }
            manageAccounts={<ManagePlatformsButton size="sm" variant="subtle" />}
            recurring={<RecurringTab />}
          />
        </PostFormPartsProvider>
      </PostsSlotsProvider>
    </LocaleDatesProvider>
  );
}
