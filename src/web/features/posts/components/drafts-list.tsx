import { Alert, Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayTime } from '../../../lib/format-date';
import type { DraftSummary } from '../../../../shared/api/drafts.schemas';
import { cardHtml } from '../../../../shared/card-html';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import { PLATFORM_ICONS } from '../../../components/platform-icon';
import { errorMessage } from '../../../lib/error-message';
import { useCan } from '../../../lib/workspace-role';
import { useDrafts } from '../api/get-drafts';

function DraftItem({
  draft,
  format,
  onEdit,
  onDelete,
  mayWrite,
}: {
  draft: DraftSummary;
  format: { format: (at: Date) => string };
  onEdit: (id: string) => void;
  onDelete: (draft: DraftSummary) => void;
  /** Whether the member's role may write: else Edit and Delete are left out. */
  mayWrite: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm" component="li">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Text size="xs" c="dimmed" fw={600}>
            {draft.scheduledAt
              ? t('drafts.plannedFor', { time: format.format(new Date(draft.scheduledAt)) })
              : t('drafts.noDate')}
          </Text>
          {draft.card.trim() ? (
            <Text size="sm" lineClamp={2} dangerouslySetInnerHTML={{ __html: cardHtml(draft.card) }} />
          ) : (
            <Text size="sm" c="dimmed" fs="italic">
              {t('drafts.noText')}
            </Text>
          )}
          <Group gap={6}>
            {draft.platforms.map((platform) => {
              const Icon = PLATFORM_ICONS[platform];
              return <Icon key={platform} size={16} role="img" aria-label={PLATFORM_NAMES[platform]} />;
            })}
            {draft.mediaCount > 0 && (
              <Text size="xs" c="dimmed">
                {t('drafts.files', { n: draft.mediaCount })}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('drafts.edited', { time: format.format(new Date(draft.updatedAt)) })}
            </Text>
          </Group>
        </Stack>
        {mayWrite && (
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={() => onEdit(draft.id)}
            >
              {t('drafts.edit')}
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => onDelete(draft)}
            >
              {t('common.delete')}
            </Button>
          </Group>
        )}
      </Group>
    </Card>
  );
}

/**
 * Every draft, dated or not, the latest changed first: where "Save draft" keeps a post until it is
 * scheduled. Edit opens it in the composer; Delete asks first.
 */
export function DraftsList({
  onEdit,
  onDelete,
}: {
  onEdit: (id: string) => void;
  onDelete: (draft: DraftSummary) => void;
}) {
  const { t, i18n } = useTranslation();
  const drafts = useDrafts();
  const mayWrite = useCan('write');
  const format = useMemo(
    () => ({ format: (at: Date) => formatDayTime(at, { locale: i18n.language }) }),
    [i18n.language],
  );
  if (drafts.isPending)
    return (
      <Center py="lg">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  if (drafts.isError && !drafts.data)
    return (
      <Alert color="red" role="alert">
        {errorMessage(t, drafts.error)}
      </Alert>
    );
  const items = drafts.data.pages.flatMap((page) => page.data);
  if (!items.length)
    return (
      <Text c="dimmed" py="md">
        {t('drafts.empty')}
      </Text>
    );
  return (
    <Stack gap="xs">
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {items.map((draft) => (
          <DraftItem
            key={draft.id}
            draft={draft}
            format={format}
            onEdit={onEdit}
            onDelete={onDelete}
            mayWrite={mayWrite}
          />
        ))}
      </Stack>
      {drafts.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={drafts.isFetchingNextPage}
            onClick={() => void drafts.fetchNextPage()}
          >
            {t('drafts.showMore')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
