import { AppShell, Burger, Center, Group, Loader, NavLink, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notify } from '../lib/notify';
import {
  IconChartBar,
  IconHome,
  IconLayoutDashboard,
  IconLogin,
  IconLogout,
  IconNews,
  IconSettings,
  IconUsers,
} from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { canManageSettings, canManageUsers, type Role } from '../../shared/roles';
import { useSignOut } from '../features/auth/api/sign-out';
import { useProfile } from '../lib/session';
import { LanguageSwitcher } from './language-switcher';

interface NavItem {
  to: string;
  label: string;
  icon: typeof IconHome;
  allowed?: (role: Role) => boolean;
}

export function MainLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { data: profile } = useProfile();
  const signOut = useSignOut();

  const items: NavItem[] = [
    { to: '/', label: t('nav.home'), icon: IconHome },
    { to: '/posts', label: t('nav.posts'), icon: IconNews },
    { to: '/analytics', label: t('nav.analytics'), icon: IconChartBar },
    {
      to: '/admin/dashboard',
      label: t('nav.adminDashboard'),
      icon: IconLayoutDashboard,
      allowed: canManageUsers,
    },
    { to: '/admin/users', label: t('nav.userManagement'), icon: IconUsers, allowed: canManageUsers },
    { to: '/settings', label: t('nav.settings'), icon: IconSettings, allowed: canManageSettings },
  ];
  const visible = items.filter((item) => !item.allowed || (profile && item.allowed(profile.role)));

  const onLogout = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        close();
        notify({ color: 'green', message: t('logoutSuccess') });
        void navigate('/login');
      },
      onError: () => notify({ color: 'red', message: t('logoutError') }),
    });

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap">
            <Burger opened={opened} onClick={toggle} size="sm" aria-label={t('nav.menu')} />
            <UnstyledButton component={Link} to="/">
              <Title order={2} size="h3">
                {t('app.title')}
              </Title>
            </UnstyledButton>
          </Group>
          <LanguageSwitcher />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label={t('nav.menu')}>
        {visible.map(({ to, label, icon: Icon }) => (
          <NavLink
            key={to}
            component={Link}
            to={to}
            label={label}
            active={to === '/' ? pathname === '/' : pathname.startsWith(to)}
            leftSection={<Icon size={18} aria-hidden />}
            onClick={close}
          />
        ))}
        {profile ? (
          <NavLink
            component="button"
            label={t('nav.logout')}
            leftSection={<IconLogout size={18} aria-hidden />}
            onClick={onLogout}
            disabled={signOut.isPending}
          />
        ) : (
          <NavLink
            component={Link}
            to="/login"
            label={t('nav.login')}
            leftSection={<IconLogin size={18} aria-hidden />}
            onClick={close}
            active={pathname === '/login'}
          />
        )}
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label="loading" />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
