import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { LogoMark } from '../../../components/logo-mark';
import { Link, Navigate, useSearchParams } from 'react-router';
import { type SignInBody, SignInBodySchema } from '../../../../shared/api/auth.schemas';
import type { OidcConfigAnswer } from '../../../../shared/api/oidc.schemas';
import { EMAIL_PATTERN } from '../../../../shared/api/fields';
import { errorMessage, fieldError } from '../../../lib/error-message';
import { useProfile } from '../../../lib/session';
import { useOidcConfig } from '../api/get-oidc-config';
import { useSetupStatus } from '../api/get-setup-status';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useSignIn } from '../api/sign-in';
import { safeRedirect } from '../safe-redirect';
import { OidcError, OidcSignIn } from './oidc-sign-in';
import { SetupAdminForm } from './setup-admin-form';

/**
 * Signed-in visitors are sent to Posts; right after signing in, to the `redirect` query when it is a path
 * of this site, else to the dashboard. The move happens once the refreshed profile is in the cache, so the
 * guarded page never sees a stale "signed out".
 */
export function LoginPage() {
  const setup = useSetupStatus();
  const oidc = useOidcConfig();
  const { data: profile } = useProfile();
  const [params] = useSearchParams();
  // Set when a form is sent, not when it succeeds: the refreshed profile may arrive before any callback.
  const [signingIn, setSigningIn] = useState(false);
  const onSubmitted = () => setSigningIn(true);
  if (profile)
    return (
      <Navigate to={safeRedirect(params.get('redirect'), signingIn ? '/dashboard' : '/posts')} replace />
    );
  return (
    <Center py="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={440}>
        <Center mb="md">
          <LogoMark size={48} />
        </Center>
        {setup.isPending || oidc.isPending ? (
          <Loader aria-label="loading" />
        ) : setup.data?.needsAdmin ? (
          <SetupAdminForm onSubmitted={onSubmitted} />
        ) : oidc.data?.enabled && !oidc.data.passwordSignIn ? (
          <OidcOnly config={oidc.data} />
        ) : (
          <LoginForm onSubmitted={onSubmitted} oidc={oidc.data?.enabled ? oidc.data : null} />
        )}
      </Paper>
    </Center>
  );
}

/** OIDC_ONLY: the identity provider's button is the only way in (decision 025). */
function OidcOnly({ config }: { config: OidcConfigAnswer }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('login.title')}
      </Title>
      <OidcError />
      <Text>{t('oidc.onlyHint')}</Text>
      <OidcSignIn config={config} />
      <Anchor component={Link} to="/">
        {t('login.backHome')}
      </Anchor>
    </Stack>
  );
}

function LoginForm({ onSubmitted, oidc }: { onSubmitted: () => void; oidc: OidcConfigAnswer | null }) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const reset = useRequestPasswordReset();
  const [resetProblem, setResetProblem] = useState<string | null>(null);
  const form = useForm<SignInBody>({
    resolver: zodResolver(SignInBodySchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    reset.reset();
    onSubmitted();
    signIn.mutate(values);
  });

  const onForgotPassword = () => {
    signIn.reset();
    const email = form.getValues('email').trim();
    if (!email) return setResetProblem(t('login.resetEmailRequired'));
    if (!EMAIL_PATTERN.test(email)) return setResetProblem(t('login.email_invalid'));
    setResetProblem(null);
    reset.mutate(email);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Title order={1} size="h2">
          {t('login.title')}
        </Title>
        {oidc && <OidcError />}
        {signIn.isError && <ErrorAlert>{errorMessage(t, signIn.error, 'login.failed')}</ErrorAlert>}
        {(resetProblem || reset.isError) && (
          <ErrorAlert>{resetProblem ?? errorMessage(t, reset.error, 'login.resetFailed')}</ErrorAlert>
        )}
        {oidc && <OidcSignIn config={oidc} />}
        {reset.isSuccess && (
          <Alert color="blue" role="status">
            {t('login.resetSent', { email: reset.variables })}
          </Alert>
        )}
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="username"
          {...form.register('email')}
          error={fieldError(t, form.formState.errors, 'email')}
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
          label={t('login.password')}
          autoComplete="current-password"
          {...form.register('password')}
          error={fieldError(t, form.formState.errors, 'password')}
        />
        <Button type="submit" loading={signIn.isPending}>
          {t('login.submit')}
        </Button>
        <Anchor
          component="button"
          type="button"
          onClick={onForgotPassword}
          disabled={reset.isPending}
          ta="start"
        >
          {t('login.forgotPassword')}
        </Anchor>
        <Group justify="space-between">
          <Anchor component={Link} to="/">
            {t('login.backHome')}
          </Anchor>
          <Anchor component={Link} to="/trial">
            {t('login.startTrial')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
