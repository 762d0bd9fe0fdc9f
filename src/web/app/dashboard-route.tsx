import { ManagePlatformsButton } from '../features/connections/components/manage-platforms-button';
import { ReconnectAlert } from '../features/connections/components/reconnect-alert';
import { lazy, Suspense } from 'react';
import { MentionsCard } from '../features/comments/components/mentions-card';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { PostsSlotsProvider } from '../features/posts/components/posts-slots';
import { ShareForReviewButton } from '../features/review-links/components/create-review-link-modal';
import { PostComments } from './comments-parts';

// Its own chunk: only a post opened from the dashboard (to approve it) needs it.
const PostDetailDialog = lazy(async () => ({
  default: (await import('../features/posts/components/post-detail-dialog')).PostDetailDialog,
}));

/** A post's details offer a review link for it alone. */
function SharePostForReview({ postId }: { postId: string }) {
  return <ShareForReviewButton postIds={[postId]} variant="light" />;
}

const detailsSlots = { comments: PostComments, shareForReview: SharePostForReview };

/**
 * A post opened from the dashboard: its details, where an approver approves or sends it back, and its
 * comments.
 */
function PostDetails(props: { id: string; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <PostsSlotsProvider value={detailsSlots}>
        <PostDetailDialog {...props} />
      </PostsSlotsProvider>
    </Suspense>
  );
}

/**
 * /dashboard, with Manage Platforms, the warning about accounts that need reconnecting, the comments
 * that mention the reader, and a post's details (to approve it, to read its comments).
 */
export function DashboardRoute() {
  return (
    <DashboardPage
      notices={<ReconnectAlert mb="lg" />}
      actions={<ManagePlatformsButton />}
      reconnect={<ManagePlatformsButton size="compact-sm" />}
      postDetails={PostDetails}
      mentions={MentionsCard}
    />
  );
}
