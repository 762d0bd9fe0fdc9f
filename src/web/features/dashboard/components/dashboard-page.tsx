import { Button, Card, Container, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfile } from '../../../lib/session';

// The three sections stay as they are until publishing lands; then each lists its posts.
const SECTIONS = [
  { title: 'dashboard.upcoming', empty: 'dashboard.noUpcoming' },
  { title: 'dashboard.recent', empty: 'dashboard.noRecent' },
  { title: 'dashboard.failures', empty: 'dashboard.noFailures' },
] as const;

/**
 * The signed-in user's start page. The app adds `notices` above it (an account that needs reconnecting)
 * and `actions` beside Write a post (Manage Platforms).
 */
export function DashboardPage({ notices, actions }: { notices?: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" mb="lg">
        <div>
          <Title order={1}>{t('dashboard.title')}</Title>
          {profile && (
            <Text c="dimmed">{t('dashboard.welcome', { name: profile.displayName || profile.email })}</Text>
          )}
        </div>
        <Group gap="sm">
          {actions}
          <Button component={Link} to="/posts" leftSection={<IconPencil size={18} aria-hidden />}>
            {t('dashboard.compose')}
          </Button>
        </Group>
      </Group>
      {notices}
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {SECTIONS.map((section) => (
          <Card key={section.title} withBorder padding="lg">
            <Title order={2} size="h4" mb="sm">
              {t(section.title)}
            </Title>
            <Text c="dimmed">{t(section.empty)}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
