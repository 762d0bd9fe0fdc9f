import { Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCalendarTime,
  IconChartBar,
  IconPhotoVideo,
  IconPlugConnected,
  IconShare,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const FEATURES = [
  { key: 'schedule', icon: IconCalendarTime },
  { key: 'analytics', icon: IconChartBar },
  { key: 'multiPlatform', icon: IconShare },
  { key: 'media', icon: IconPhotoVideo },
  { key: 'integration', icon: IconPlugConnected },
] as const;

export function HomePage({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="sm" align="center" ta="center">
          <Title order={1}>{t('home.title')}</Title>
          <Text size="lg" c="dimmed" maw={720}>
            {t('home.tagline')}
          </Text>
          <Group mt="md">
            {signedIn ? (
              <Button component={Link} to="/dashboard" size="md">
                {t('home.dashboard')}
              </Button>
            ) : (
              <>
                <Button component={Link} to="/login" size="md">
                  {t('home.login')}
                </Button>
                <Button component={Link} to="/trial" size="md" variant="light">
                  {t('home.startTrial')}
                </Button>
              </>
            )}
          </Group>
        </Stack>
        <Title order={2} ta="center">
          {t('home.featuresTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {FEATURES.map(({ key, icon: Icon }) => (
            <Card key={key} withBorder padding="lg" radius="md">
              <ThemeIcon size="lg" radius="md" variant="light" mb="sm">
                <Icon size={22} aria-hidden />
              </ThemeIcon>
              <Title order={3} size="h4" mb={4}>
                {t(`home.features.${key}.title`)}
              </Title>
              <Text c="dimmed">{t(`home.features.${key}.description`)}</Text>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
