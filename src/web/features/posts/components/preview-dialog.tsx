import { Alert, Badge, Card, Divider, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAsPublished } from '../../../lib/link-preset';
import { remainingChars } from '../../../../shared/platforms/count';
import { htmlToText } from '../../../../shared/platforms/html-to-text';
import {
  type Platform,
  REMAINING_WARNING,
  rulesFor,
  type TwitterAccountType,
} from '../../../../shared/platforms/rules';
import { MEDIA_RULES } from '../../../../shared/platforms/media-rules';
import { droppedFormatting } from '../../../../shared/rich-text';
import type { Variables } from '../../../../shared/api/variables.schemas';
import type { DraftMedia } from '../../../components/post-form/draft-media';
import { FormattingNote } from '../../../components/post-form/formatting-note';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import { PlatformIcon } from '../../../components/platform-icon';
import { useProfile } from '../../../lib/session';
import { authorFor } from './preview/author';
import { accountsFor } from '../../../lib/accounts';
import type { Account } from '../../../../shared/api/users.schemas';
import { NetworkPost } from './preview/network-post';
import { type DraftVersion, receivedBy } from '../../../components/post-form/versions';

interface PreviewProps {
  content: string;
  platforms: Platform[];
  /** The accounts chosen where a network has several: a card for each account it goes to. */
  accounts?: string[];
  media: DraftMedia[];
  /** Networks' and accounts' own versions: such a card shows its version. */
  versions?: readonly DraftVersion[];
  /** The saved variables, for edited videos' captions. */
  variables: Variables;
  accountType: TwitterAccountType;
  onClose: () => void;
}

/**
 * One card per selected network: the post as that network's feed shows it, from the connected account,
 * with the text it receives, its own count, and the images and video it keeps.
 */
export function PreviewDialog({
  content,
  platforms,
  accounts = [],
  media: postMedia,
  versions = [],
  variables,
  accountType,
  onClose,
}: PreviewProps) {
  const asPublished = useAsPublished();
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  // What the networks will not show, of every text that goes out.
  const dropped = [
    ...new Set([content, ...versions.map((v) => v.content)].flatMap((html) => droppedFormatting(html))),
  ];
  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen
      title={t('preview.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {dropped.length > 0 && (
        <Alert color="blue" variant="light" mb="md">
          <FormattingNote kinds={dropped} size="sm" c={undefined} />
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }}>
        {platforms
          .flatMap((platform): { platform: Platform; account: Account | null; several: boolean }[] => {
            const all = profile?.accounts ?? [];
            const going = accountsFor(platform, accounts, all);
            const several = all.filter((a) => a.platform === platform).length > 1;
            return going.length
              ? going.map((account) => ({ platform, account, several }))
              : [{ platform, account: null, several }];
          })
          .map(({ platform, account, several }) => {
            const name = PLATFORM_NAMES[platform];
            // Its account's version, else its network's, else the post.
            const got = receivedBy(platform, content, postMedia, versions, account?.id ?? null);
            // As the network will receive it: with the workspace's short links and UTM parameters.
            const text = asPublished(htmlToText(got.content), platform);
            const media = got.media;
            const images = media.filter((m) => m.kind === 'image');
            const videos = media.filter((m) => m.kind === 'video');
            const remaining = remainingChars(platform, text, accountType);
            const { maxImages } = rulesFor(platform, accountType);
            const maxVideos = MEDIA_RULES[platform].video.max;
            const author = authorFor(platform, profile, account);
            return (
              <Card
                key={account ? account.id : platform}
                withBorder
                padding="md"
                role="region"
                aria-label={
                  account && several
                    ? t('preview.cardLabelAccount', { platform: name, account: account.username })
                    : t('preview.cardLabel', { platform: name })
                }
              >
                <Stack gap="sm">
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap={6} wrap="nowrap">
                      <PlatformIcon platform={platform} size={20} />
                      <Title order={3} size="h5">
                        {name}
                      </Title>
                      {got.own && (
                        <Badge size="xs" variant="light">
                          {t('versions.badge')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c={remaining < REMAINING_WARNING ? 'red' : 'dimmed'}>
                      {t('composer.remaining', { count: remaining })}
                    </Text>
                  </Group>
                  <Divider mx="-md" />
                  <NetworkPost
                    platform={platform}
                    author={author}
                    text={text}
                    media={[...images.slice(0, maxImages), ...videos.slice(0, maxVideos)]}
                    variables={variables}
                  />
                  {!text && !media.length && (
                    <Text size="sm" c="dimmed">
                      {t('preview.empty')}
                    </Text>
                  )}
                  {!author.connected && (
                    <Text size="sm" c="dimmed">
                      {t('networkPreview.notConnected', { platform: name })}
                    </Text>
                  )}
                  {images.length > maxImages && (
                    <Alert color="yellow" variant="light">
                      {t('preview.tooManyImages', { platform: name, n: maxImages })}
                    </Alert>
                  )}
                </Stack>
              </Card>
            );
          })}
      </SimpleGrid>
    </Modal>
  );
}
