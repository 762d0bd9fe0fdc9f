import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { PASSWORD_MIN, newPasswordField } from '../../../../shared/api/fields';
import type { InvitationView } from '../../../../shared/api/members.schemas';
import { ErrorAlert } from '../../../components/error-alert';
import { LogoMark } from '../../../components/logo-mark';
import { Spinner } from '../../../components/spinner';
import { applyFieldErrors, errorMessage, fieldError } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { useProfile } from '../../../lib/session';
import { setCurrentWorkspace, workspacePath } from '../../../lib/workspace';
import { useAcceptInvitation, useInvitation } from '../api/members';

const AccountSchema = z.object({
  name: z.string().trim().min(1, 'setup.name_required').max(100, 'errors.validation'),
  password: newPasswordField,
});
type AccountValues = z.infer<typeof AccountSchema>;

/** Without an account: one is made with the invited address, a name and a password, and joins. */
function MakeAccount({ invitation, token, accept, links }: OfferProps) {
  const { t } = useTranslation();
  const form = useForm<AccountValues>({
    resolver: zodResolver(AccountSchema),
    defaultValues: { name: '', password: '' },
  });
  const submit = form.handleSubmit((values) =>
    accept.mutate(values, {
      onError: (error) => {
        applyFieldErrors(error, form.setError);
        notify({ color: 'red', message: errorMessage(t, error, 'invitations.acceptFailed') });
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('invitations.makeAccount')}</Text>
        <TextInput label={t('invitations.email')} value={invitation.email} readOnly dir="ltr" />
        <TextInput
          label={t('invitations.yourName')}
          autoComplete="name"
          {...form.register('name')}
          error={fieldError(t, form.formState.errors, 'name')}
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
          label={t('invitations.password')}
          autoComplete="new-password"
          {...form.register('password')}
          error={fieldError(t, form.formState.errors, 'password', { min: PASSWORD_MIN })}
        />
        <Button type="submit" loading={accept.isPending}>
          {t('invitations.makeAndJoin', { name: invitation.workspaceName })}
        </Button>
        <Anchor component={Link} to={links.loginUrlFor(`/invite#${token}`)} size="sm">
          {t('invitations.haveAccount')}
        </Anchor>
      </Stack>
    </form>
  );
}

/** What the app gives the page of the sign-in feature: the way back after signing in, and signing out. */
export interface SignInLinks {
  /** The sign-in page's address that comes back to `path` afterwards. */
  loginUrlFor: (path: string) => string;
  signOut: { onClick: () => void; loading: boolean };
}

interface OfferProps {
  invitation: InvitationView;
  token: string;
  accept: ReturnType<typeof useAcceptInvitation>;
  links: SignInLinks;
}

/** What the holder of the link can do, signed in or not. */
function Offer({ invitation, token, accept, links }: OfferProps) {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const login = links.loginUrlFor(`/invite#${token}`);
  if (profile && profile.email.toLowerCase() === invitation.email.toLowerCase())
    return (
      <Button
        loading={accept.isPending}
        onClick={() =>
          accept.mutate(
            {},
            {
              onError: (error) =>
                notify({ color: 'red', message: errorMessage(t, error, 'invitations.acceptFailed') }),
            },
          )
        }
      >
        {t('invitations.join', { name: invitation.workspaceName })}
      </Button>
    );
  if (profile)
    return (
      <Stack>
        <Alert color="yellow">
          {t('invitations.signedInAsOther', { me: profile.email, email: invitation.email })}
        </Alert>
        <Button variant="default" {...links.signOut}>
          {t('invitations.signOut')}
        </Button>
      </Stack>
    );
  if (invitation.hasAccount || !invitation.passwordAccounts)
    return (
      <Stack>
        <Text size="sm">
          {t(invitation.hasAccount ? 'invitations.signInToAccept' : 'invitations.ssoToAccept', {
            email: invitation.email,
          })}
        </Text>
        <Button component={Link} to={login}>
          {t('nav.login')}
        </Button>
      </Stack>
    );
  return <MakeAccount invitation={invitation} token={token} accept={accept} links={links} />;
}

/**
 * `/invite#<token>`, where an invitation's link lands (the token stays in the fragment: never sent to a
 * server, nor in a Referer). Shows the workspace, the role and who invited; accepting opens the
 * workspace's posts.
 */
export function InvitationPage({ links }: { links: SignInLinks }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useLocation().hash.slice(1);
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);
  const joined = accept.data?.workspaceId;
  useEffect(() => {
    if (!joined) return;
    setCurrentWorkspace(joined);
    notify({ color: 'green', message: t('invitations.joined', { name: invitation.data?.workspaceName }) });
    void navigate(workspacePath(joined, '/posts'), { replace: true });
  }, [joined, invitation.data?.workspaceName, navigate, t]);
  const data = invitation.data;
  return (
    <Center py="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={480}>
        <Stack>
          <Center>
            <LogoMark size={48} />
          </Center>
          {!token ? (
            <ErrorAlert>{t('invitations.notFound')}</ErrorAlert>
          ) : invitation.isPending ? (
            <Spinner label={t('common.loading')} />
          ) : invitation.isError ? (
            <>
              <Title order={1} size="h2">
                {t('invitations.pageTitle')}
              </Title>
              <ErrorAlert>{errorMessage(t, invitation.error, 'invitations.notFound')}</ErrorAlert>
              <Anchor component={Link} to="/login">
                {t('nav.login')}
              </Anchor>
            </>
          ) : (
            <>
              <Title order={1} size="h2" dir="auto">
                {t('invitations.joinTitle', { name: data!.workspaceName })}
              </Title>
              <Text>
                {data!.invitedBy
                  ? t('invitations.invitedBy', {
                      name: data!.invitedBy,
                      workspace: data!.workspaceName,
                      role: t(`workspaces.roles.${data!.role}`),
                    })
                  : t('invitations.invitedAs', {
                      workspace: data!.workspaceName,
                      role: t(`workspaces.roles.${data!.role}`),
                    })}
              </Text>
              <Text size="sm" c="dimmed">
                {t(`members.roleHelp.${data!.role}`)}{' '}
                {t('invitations.validUntil', { date: formatDate(data!.expiresAt) })}
              </Text>
              <Offer invitation={data!} token={token} accept={accept} links={links} />
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
