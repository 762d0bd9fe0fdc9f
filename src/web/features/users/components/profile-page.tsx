import { Alert, Card, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../lib/session';
import { ChangePasswordForm } from './change-password-form';
import { ProfileForm } from './profile-form';

/**
 * The signed-in user's own page: who they are, their name and time zone, and their password; `extra`
 * (other features' sections, such as API tokens) below.
 */
export function ProfilePage({ extra }: { extra?: ReactNode } = {}) {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{t('profile.title')}</Title>
        {!profile ? (
          <Alert color="yellow">{t('profile.notLoggedIn')}</Alert>
        ) : (
          <>
            <Card withBorder padding="lg">
              <Stack>
                <div>
                  <Title order={2} size="h3">
                    {profile.displayName || profile.email}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {profile.email}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('profile.roleIs', { role: t(`roles.${profile.role}`) })}
                  </Text>
                </div>
                <ProfileForm key={profile.uid} profile={profile} />
              </Stack>
            </Card>
            <Card withBorder padding="lg">
              <Stack>
                <Title order={2} size="h3">
                  {t('profile.passwordTitle')}
                </Title>
                <ChangePasswordForm />
              </Stack>
            </Card>
            {extra}
          </>
        )}
      </Stack>
    </Container>
  );
}
