import { Alert, Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '../../shared/roles';
import { loginUrlFor } from '../features/auth/safe-redirect';
import { useProfile, wasSignedOutByUser } from '../lib/session';
import { Spinner } from '../components/spinner';

function PageLoader() {
  const { t } = useTranslation();
  return <Spinner label={t('common.loading')} />;
}

/**
 * Waits for the first sign-in status; a visitor without a session goes to /login?redirect=<wanted path>,
 * except right after Logout, which returns to plain /login.
 */
export function RequireAuth() {
  const { data: profile, isPending } = useProfile();
  const location = useLocation();
  if (isPending) return <PageLoader />;
  if (!profile)
    return (
      <Navigate
        to={wasSignedOutByUser() ? '/login' : loginUrlFor(location.pathname + location.search)}
        replace
      />
    );
  return <Outlet />;
}

/** Role check on top of sign-in; the server enforces the same rule on every call. */
export function RequireRole({
  allowed,
  children,
}: {
  allowed: (role: Role) => boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  if (!profile || !allowed(profile.role)) {
    return (
      <Container py="xl">
        <Alert color="red" role="alert">
          {t('admin.notAuthorized')}
        </Alert>
      </Container>
    );
  }
  return children ?? <Outlet />;
}

/** Pages for visitors only (home): a signed-in user is sent to Posts; visitors see the page at once. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { data: profile } = useProfile();
  if (profile) return <Navigate to="/posts" replace />;
  return children;
}
