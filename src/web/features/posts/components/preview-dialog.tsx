import { Alert, Badge, Card, Group, Image, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { remainingChars } from '../../../../shared/platforms/count';
import { htmlToText } from '../../../../shared/platforms/html-to-text';
import {
  type Platform,
  REMAINING_WARNING,
  rulesFor,
  type TwitterAccountType,
} from '../../../../shared/platforms/rules';
import { usesFontStyles } from '../../../../shared/rich-text';
import type { DraftMedia } from './composer';
import { FontsNote } from './fonts-note';
import { PLATFORM_NAMES, PlatformIcon } from '../../../components/platform-icon';

interface PreviewProps {
  content: string;
  platforms: Platform[];
  media: DraftMedia[];
  accountType: TwitterAccountType;
  onClose: () => void;
}

/** One card per selected network: the text as it will receive it, its own count, and the images it keeps. */
export function PreviewDialog({ content, platforms, media, accountType, onClose }: PreviewProps) {
  const { t } = useTranslation();
  const text = htmlToText(content);
  const images = media.filter((m) => m.kind === 'image');
  const videos = media.filter((m) => m.kind === 'video');
  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen
      title={t('preview.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {usesFontStyles(content) && (
        <Alert color="blue" variant="light" mb="md">
          <FontsNote size="sm" c={undefined} />
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }}>
        {platforms.map((platform) => {
          const remaining = remainingChars(platform, text, accountType);
          const { maxImages } = rulesFor(platform, accountType);
          const shown = images.slice(0, maxImages);
          return (
            <Card
              key={platform}
              withBorder
              padding="md"
              role="region"
              aria-label={t('preview.cardLabel', { platform: PLATFORM_NAMES[platform] })}
            >
              <Stack gap="sm">
                <Group justify="space-between">
                  <Group gap={6}>
                    <PlatformIcon platform={platform} size={20} />
                    <Title order={3} size="h5">
                      {PLATFORM_NAMES[platform]}
                    </Title>
                  </Group>
                  <Badge color={remaining < REMAINING_WARNING ? 'red' : 'gray'} variant="light">
                    {t('composer.remaining', { count: remaining })}
                  </Badge>
                </Group>
                <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {text || t('preview.empty')}
                </Text>
                {shown.length > 0 && (
                  <SimpleGrid cols={shown.length === 1 ? 1 : 2} spacing={4}>
                    {shown.map((m) => (
                      <Image
                        key={m.id}
                        src={m.thumbnailUrl ?? m.url}
                        alt={m.name}
                        radius="sm"
                        h={120}
                        fit="cover"
                      />
                    ))}
                  </SimpleGrid>
                )}
                {images.length > maxImages && (
                  <Alert color="yellow" variant="light">
                    {t('preview.tooManyImages', { platform: PLATFORM_NAMES[platform], n: maxImages })}
                  </Alert>
                )}
                {videos.length > 0 && (
                  <Text size="sm" c="dimmed">
                    {t('preview.videos', { count: videos.length })}
                  </Text>
                )}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Modal>
  );
}
