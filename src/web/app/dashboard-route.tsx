import { ManagePlatformsButton } from '../features/connections/components/manage-platforms-button';
import { ReconnectAlert } from '../features/connections/components/reconnect-alert';
import { lazy, Suspense } from 'react';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';

// Its own chunk: only a post opened from the dashboard (to approve it) needs it.
const PostDetailDialog = lazy(async () => ({
  default: (await import('../features/posts/components/post-detail-dialog')).PostDetailDialog,
}));

/** A post opened from the dashboard: its details, where an approver approves or sends it back. */
function PostDetails(props: { id: string; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <PostDetailDialog {...props} />
    </Suspense>
  );
}

/**
 * /dashboard, with Manage Platforms, the warning about accounts that need reconnecting, and a post's
 * details for those who approve.
 */
export function DashboardRoute() {
  return (
    <DashboardPage
      notices={<ReconnectAlert mb="lg" />}
      actions={<ManagePlatformsButton />}
      reconnect={<ManagePlatformsButton size="compact-sm" />}
      postDetails={PostDetails}
    />
  );
}
