import { type ComponentType, lazy } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { canManageSettings, canManageUsers } from '../../shared/roles';
import { HomePage } from '../features/home/components/home-page';
import { messagesReady } from '../i18n';
import { useProfile } from '../lib/session';
import { GuestOnly, RequireAuth, RequireRole } from './guards';
import { MainLayout } from './main-layout';

// Only the home page ships in the first bundle; every other page is its own chunk. (Declarative routes
// rather than the data router: the home route's budget is 150 KB and the data router alone weighs ~15.)
// A page also waits for the messages the first render did without (all but the home route's English).
const page = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  lazy(async () => {
    const [module] = await Promise.all([load(), messagesReady()]);
    return { default: pick(module) };
  });

const AboutPage = page(
  () => import('../features/home/components/about-page'),
  (m) => m.AboutPage,
);
const TrialPage = page(
  () => import('../features/trials/components/trial-page'),
  (m) => m.TrialPage,
);
const LoginPage = page(
  () => import('../features/auth/components/login-page'),
  (m) => m.LoginPage,
);
const ResetPasswordPage = page(
  () => import('../features/auth/components/reset-password-page'),
  (m) => m.ResetPasswordPage,
);
const DashboardPage = page(
  () => import('./dashboard-route'),
  (m) => m.DashboardRoute,
);
const ProfilePage = page(
  () => import('./profile-route'),
  (m) => m.ProfileRoute,
);
const PostsPage = page(
  () => import('./posts-route'),
  (m) => m.PostsRoute,
);
const QueuePage = page(
  () => import('../features/queue/components/queue-page'),
  (m) => m.QueuePage,
);
const MediaLibraryPage = page(
  () => import('../features/media/components/media-library-page'),
  (m) => m.MediaLibraryPage,
);
const ImportPage = page(
  () => import('../features/imports/components/import-page'),
  (m) => m.ImportPage,
);
const LinksPage = page(
  () => import('../features/links/components/links-page'),
  (m) => m.LinksPage,
);
const EvergreenPage = page(
  () => import('../features/evergreen/components/evergreen-page'),
  (m) => m.EvergreenPage,
);
const FeedsPage = page(
  () => import('../features/feeds/components/feeds-page'),
  (m) => m.FeedsPage,
);
const AnalyticsPage = page(
  () => import('./analytics-route'),
  (m) => m.AnalyticsRoute,
);
const WorkspaceScope = page(
  () => import('../features/workspaces/components/workspace-scope'),
  (m) => m.WorkspaceScope,
);
const ToWorkspace = page(
  () => import('../features/workspaces/components/workspace-scope'),
  (m) => m.ToWorkspace,
);
const InvitationRoute = page(
  () => import('./invitation-route'),
  (m) => m.InvitationRoute,
);
const ReviewRoute = page(
  () => import('./review-route'),
  (m) => m.ReviewRoute,
);
const WorkspaceRoute = page(
  () => import('./workspace-route'),
  (m) => m.WorkspaceRoute,
);
const SettingsPage = page(
  () => import('../features/settings/components/settings-page'),
  (m) => m.SettingsPage,
);
const AdminLayout = page(
  () => import('../features/admin/components/admin-layout'),
  (m) => m.AdminLayout,
);
const AdminDashboardPage = page(
  () => import('../features/admin/components/admin-dashboard-page'),
  (m) => m.AdminDashboardPage,
);
const UserManagementPage = page(
  () => import('../features/admin/components/user-management-page'),
  (m) => m.UserManagementPage,
);
const AdminTokensPage = page(
  () => import('../features/api-tokens/components/admin-tokens-page'),
  (m) => m.AdminTokensPage,
);
const AdminWebhooksPage = page(
  () => import('../features/webhooks/components/admin-webhooks-page'),
  (m) => m.AdminWebhooksPage,
);
const TrialRequestsPage = page(
  () => import('../features/admin/components/trial-requests-page'),
  (m) => m.TrialRequestsPage,
);

function HomeRoute() {
  const { data: profile } = useProfile();
  return (
    <GuestOnly>
      <HomePage signedIn={Boolean(profile)} />
    </GuestOnly>
  );
}

export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<MainLayout />}>
          <Route index element={<HomeRoute />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="trial" element={<TrialPage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="invite" element={<InvitationRoute />} />
          <Route path="review" element={<ReviewRoute />} />
          <Route element={<RequireAuth />}>
            <Route path="w/:wid" element={<WorkspaceScope />}>
              <Route path="dashboard" element={<DashboardPage />} />
              <Route path="profile" element={<ProfilePage />} />
              <Route path="posts" element={<PostsPage />} />
              <Route path="queue" element={<QueuePage />} />
              <Route path="media" element={<MediaLibraryPage />} />
              <Route path="import" element={<ImportPage />} />
              <Route path="feeds" element={<FeedsPage />} />
              <Route path="evergreen" element={<EvergreenPage />} />
              <Route path="links" element={<LinksPage />} />
              <Route path="analytics" element={<AnalyticsPage />} />
              <Route path="workspace" element={<WorkspaceRoute />} />
              <Route path="*" element={<Navigate to="../posts" replace />} />
            </Route>
            {/* A page without a workspace (a bookmark, a network's redirect) opens in the tab's, or the last used. */}
            {[
              'dashboard',
              'profile',
              'posts',
              'queue',
              'media',
              'import',
              'feeds',
              'evergreen',
              'links',
              'analytics',
              'workspace',
            ].map((path) => (
              <Route key={path} path={path} element={<ToWorkspace />} />
            ))}
            <Route element={<RequireRole allowed={canManageSettings} />}>
              <Route path="settings" element={<Navigate to="/admin/settings" replace />} />
            </Route>
            <Route element={<RequireRole allowed={canManageUsers} />}>
              <Route path="admin" element={<AdminLayout />}>
                <Route index element={<Navigate to="/admin/dashboard" replace />} />
                <Route path="dashboard" element={<AdminDashboardPage />} />
                {/* The spec's menu links /admin/users but registers /admin/user-management: both work. */}
                <Route path="users" element={<UserManagementPage />} />
                <Route path="trials" element={<TrialRequestsPage />} />
                <Route path="tokens" element={<AdminTokensPage />} />
                <Route path="webhooks" element={<AdminWebhooksPage />} />
                <Route path="user-management" element={<Navigate to="/admin/users" replace />} />
                <Route element={<RequireRole allowed={canManageSettings} />}>
                  <Route path="settings" element={<SettingsPage />} />
                </Route>
                <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
              </Route>
            </Route>
          </Route>
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
