import { Container, Grid, NavLink, Paper } from '@mantine/core';
import {
  IconKey,
  IconLayoutDashboard,
  IconSettings,
  IconUserQuestion,
  IconUsers,
  IconWebhook,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { canManageSettings } from '../../../../shared/roles';
import { useProfile } from '../../../lib/session';

/** The admin area (the router lets only admin and super_admin in): a role-dependent side menu and the page. */
export function AdminLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: profile } = useProfile();
  const items = [
    { to: '/admin/dashboard', label: t('nav.dashboard'), icon: IconLayoutDashboard, show: true },
    { to: '/admin/users', label: t('nav.userManagement'), icon: IconUsers, show: true },
    { to: '/admin/trials', label: t('trials.title'), icon: IconUserQuestion, show: true },
    { to: '/admin/tokens', label: t('apiTokens.adminNav'), icon: IconKey, show: true },
    { to: '/admin/webhooks', label: t('webhooks.adminNav'), icon: IconWebhook, show: true },
    {
      to: '/admin/settings',
      label: t('nav.settings'),
      icon: IconSettings,
      show: Boolean(profile && canManageSettings(profile.role)),
    },
  ];
  return (
    <Container size="xl" py="xl">
      <Grid>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Paper withBorder p="xs" component="nav" aria-label={t('admin.dashboardTitle')}>
            {items
              .filter((item) => item.show)
              .map(({ to, label, icon: Icon }) => (
                <NavLink
                  key={to}
                  component={Link}
                  to={to}
                  label={label}
                  active={pathname === to}
                  leftSection={<Icon size={18} aria-hidden />}
                />
              ))}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9 }}>
          <Outlet />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
