import { Burger, Group, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notify } from '../lib/notify';
import {
  IconChartBar,
  IconHome,
  IconLayoutDashboard,
  IconLogin,
  IconLogout,
  IconListNumbers,
  IconPhoto,
  IconLink,
  IconRecycle,
  IconRss,
  IconNews,
  IconNotes,
  IconRepeat,
  IconSettings,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { NavItem } from '../components/nav-item';
import { Spinner } from '../components/spinner';
import { canManageSettings, canManageUsers, type Role } from '../../shared/roles';
import { useSignOut } from '../features/auth/api/sign-out';
import { setViewerZone } from '../lib/format-date';
import { useTimeZone } from '../lib/time-zone';
import { useProfile } from '../lib/session';
import { forgetWorkspace, useWorkspaceId, workspacePath } from '../lib/workspace';
import { LogoMark } from '../components/logo-mark';
import { messagesReady } from '../i18n';
import { LanguageSwitcher } from './language-switcher';
import { ColorSchemeToggle } from './color-scheme-toggle';
import classes from './main-layout.module.css';

// Only trial accounts see it: its code (an Alert, date formatting) stays out of the home route's bundle.
const TrialBanner = lazy(() =>
  Promise.all([import('./trial-banner'), messagesReady()]).then(([m]) => ({ default: m.TrialBanner })),
);
// Signed-in only, so its code (a menu, a dialog, a form) stays out of the home route's bundle too.
const WorkspaceSwitcher = lazy(() =>
  Promise.all([import('../features/workspaces/components/workspace-switcher'), messagesReady()]).then(
    ([m]) => ({ default: m.WorkspaceSwitcher }),
  ),
);

/** Whether the menu item `to` is the page shown: the posts page's tabs by their parameters. */
function isHere(to: string, pathname: string, search: string) {
  const [path, query] = to.split('?');
  if (path === '/') return pathname === '/';
  if (!pathname.startsWith(path!)) return false;
  const params = new URLSearchParams(search);
  if (query) return [...new URLSearchParams(query)].every(([key, value]) => params.get(key) === value);
  // The posts page itself: neither of its tabs that have their own item.
  return !params.has('tab') && !params.has('view');
}

interface NavItem {
  to: string;
  label: string;
  icon: typeof IconHome;
  allowed?: (role: Role) => boolean;
}

export function MainLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { data: profile } = useProfile();
  const signOut = useSignOut();
  // Every time on every page is read in the viewer's zone unless it says another (issue 26): set before
  // the page below renders.
  setViewerZone(useTimeZone());

  // A workspace's pages are opened in the one this tab is in (`/w/<id>/posts`).
  const workspace = useWorkspaceId();
  const inWorkspace = (path: string) => (workspace ? workspacePath(workspace, path) : path);
  const items: NavItem[] = [
    { to: '/', label: t('nav.home'), icon: IconHome },
    { to: inWorkspace('/posts'), label: t('nav.posts'), icon: IconNews },
    { to: inWorkspace('/posts?tab=drafts'), label: t('nav.drafts'), icon: IconNotes },
    { to: inWorkspace('/posts?view=recurring'), label: t('nav.recurring'), icon: IconRepeat },
    { to: inWorkspace('/queue'), label: t('nav.queue'), icon: IconListNumbers, allowed: () => true },
    { to: inWorkspace('/media'), label: t('nav.media'), icon: IconPhoto, allowed: () => true },
    { to: inWorkspace('/feeds'), label: t('nav.feeds'), icon: IconRss, allowed: () => true },
    { to: inWorkspace('/evergreen'), label: t('nav.evergreen'), icon: IconRecycle, allowed: () => true },
    { to: inWorkspace('/links'), label: t('nav.links'), icon: IconLink, allowed: () => true },
    { to: inWorkspace('/analytics'), label: t('nav.analytics'), icon: IconChartBar },
    {
      to: '/admin/dashboard',
      label: t('nav.adminDashboard'),
      icon: IconLayoutDashboard,
      allowed: canManageUsers,
    },
    { to: '/admin/users', label: t('nav.userManagement'), icon: IconUsers, allowed: canManageUsers },
    { to: '/settings', label: t('nav.settings'), icon: IconSettings, allowed: canManageSettings },
    // Anyone signed in.
    { to: inWorkspace('/profile'), label: t('nav.profile'), icon: IconUserCircle, allowed: () => true },
  ];
  const visible = items.filter((item) => !item.allowed || (profile && item.allowed(profile.role)));

  const onLogout = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        close();
        forgetWorkspace();
        notify({ color: 'green', message: t('logoutSuccess') });
        void navigate('/login');
      },
      onError: () => notify({ color: 'red', message: t('logoutError') }),
    });

  return (
    <>
      <header className={classes.header} data-signed-in={profile ? true : undefined}>
        <Group wrap="nowrap">
          <Burger
            opened={opened}
            onClick={toggle}
            size="sm"
            aria-label={t('nav.menu')}
            className={profile ? classes.burger : undefined}
          />
          <UnstyledButton component={Link} to="/" className={classes.brand} aria-label={t('app.title')}>
            <LogoMark size={30} />
            <Title order={2} size="h3" className={classes.brandTitle}>
              {t('app.title')}
            </Title>
          </UnstyledButton>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {profile && (
            <Suspense fallback={null}>
              <WorkspaceSwitcher />
            </Suspense>
          )}
          <ColorSchemeToggle />
          <LanguageSwitcher />
        </Group>
      </header>
      {/* Signed in, on a wide screen the menu stays open beside the page (issue 26). */}
      <nav
        className={classes.navbar}
        data-opened={opened || undefined}
        data-signed-in={profile ? true : undefined}
        aria-label={t('nav.menu')}
      >
        {visible.map(({ to, label, icon }) => (
          <NavItem
            key={to}
            to={to}
            label={label}
            icon={icon}
            active={isHere(to, pathname, search)}
            onClick={close}
          />
        ))}
        {profile ? (
          <NavItem
            label={t('nav.logout')}
            icon={IconLogout}
            onClick={onLogout}
            disabled={signOut.isPending}
          />
        ) : (
          <NavItem
            to="/login"
            label={t('nav.login')}
            icon={IconLogin}
            onClick={close}
            active={pathname === '/login'}
          />
        )}
      </nav>
      <main
        className={classes.main}
        data-nav-opened={opened || undefined}
        data-signed-in={profile ? true : undefined}
      >
        {profile?.trialEndsAt && (
          <Suspense>
            <TrialBanner />
          </Suspense>
        )}
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
