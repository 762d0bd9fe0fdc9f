import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  FileButton,
  Group,
  Loader,
  Pagination,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  MEDIA_KINDS,
  MEDIA_LIMITS,
  MEDIA_PAGE,
  MEDIA_USES,
  type MediaKind,
  type MediaLibraryItem,
  type MediaUse,
} from '../../../../shared/api/media.schemas';
import { ConfirmDeleteDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/error-message';
import { formatBytes } from '../../../lib/format-bytes';
import { formatDate, formatDayTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { useTimeZone } from '../../../lib/time-zone';
import { workspacePath, useWorkspaceId } from '../../../lib/workspace';
import { useCan } from '../../../lib/workspace-role';
import { useDeleteMedia } from '../api/delete-media';
import { useMediaLibrary } from '../api/get-media-library';
import { useMediaStorage } from '../api/get-media-storage';
import { uploadMedia } from '../api/upload-media';
import { mediaFacts, MediaThumb } from './media-meta';
import classes from './media-library.module.css';

const ACCEPT = '.jpg,.jpeg,.png,.gif,.webp,image/jpeg,image/png,image/gif,image/webp,video/*';
const isKind = (value: string | null): value is MediaKind =>
  (MEDIA_KINDS as readonly string[]).includes(value ?? '');
const isUse = (value: string | null): value is (typeof MEDIA_USES)[number] =>
  (MEDIA_USES as readonly string[]).includes(value ?? '');

/**
 * The media library (issue 27): the workspace's images and videos, newest first, each with its size,
 * type, dimensions, length, uploader, date and the posts it is in; found by name, kind and use; uploaded
 * here to be chosen in the composer later; deleted unless a post still to go out holds it.
 */
export function MediaLibraryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const mayWrite = useCan('write');
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(search.trim(), 250);
  const kind = isKind(params.get('kind')) ? (params.get('kind') as MediaKind) : undefined;
  const use = isUse(params.get('use')) ? (params.get('use') as (typeof MEDIA_USES)[number]) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const library = useMediaLibrary({
    q: q || undefined,
    kind,
    use,
    limit: MEDIA_PAGE,
    offset: (page - 1) * MEDIA_PAGE,
  });
  const [deleting, setDeleting] = useState<MediaLibraryItem | null>(null);
  const remove = useDeleteMedia();

  /** Sets one filter (or the page) and starts again at the first page. */
  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };

  const data = library.data;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / MEDIA_PAGE));
  const filtered = Boolean(q || kind || use);

  return (
    <Container size="lg" py="md">
      <Stack>
        <Group justify="space-between">
          <Title order={1}>{t('library.title')}</Title>
          {mayWrite && <UploadButton />}
        </Group>
        <Text c="dimmed">{t('library.intro')}</Text>
        <StorageLine />
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('library.search')}
            placeholder={t('library.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              if (page > 1) setParam('page', null);
            }}
            maxLength={200}
            style={{ flex: '1 1 14rem' }}
          />
          <SegmentedControl
            aria-label={t('library.kind')}
            value={kind ?? 'all'}
            onChange={(value) => setParam('kind', value === 'all' ? null : value)}
            data={[
              { value: 'all', label: t('library.kinds.all') },
              { value: 'image', label: t('library.kinds.image') },
              { value: 'video', label: t('library.kinds.video') },
            ]}
          />
          <Select
            label={t('library.use')}
            value={use ?? 'all'}
            onChange={(value) => setParam('use', value === 'all' ? null : value)}
            allowDeselect={false}
            data={[
              { value: 'all', label: t('library.uses.all') },
              ...MEDIA_USES.map((value) => ({ value, label: t(`library.uses.${value}`) })),
            ]}
            w={220}
          />
        </Group>
        {library.isPending && <Loader aria-label={t('common.loading')} />}
        {library.isError && (
          <Alert color="red" role="alert">
            {errorMessage(t, library.error, 'library.failed')}
          </Alert>
        )}
        {data && (
          <Text size="sm" c="dimmed" role="status">
            {t('library.count', { count: data.total })}
          </Text>
        )}
        {data?.data.length === 0 && (
          <Alert color="blue">{filtered ? t('library.noMatch') : t('library.empty')}</Alert>
        )}
        {data && data.data.length > 0 && (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
            {data.data.map((item) => (
              <LibraryCard
                key={item.id}
                item={item}
                onDelete={mayWrite ? () => setDeleting(item) : undefined}
              />
            ))}
          </SimpleGrid>
        )}
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={(next) => setParam('page', next > 1 ? String(next) : null)}
              getControlProps={(control) => ({
                'aria-label': t(`users.page.${control}`),
              })}
            />
          </Group>
        )}
      </Stack>
      {deleting && (
        <ConfirmDeleteDialog
          message={t(deleting.uses ? 'library.deleteUsed' : 'library.deleteUnused', {
            file: deleting.name,
            count: deleting.uses,
          })}
          loading={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notify({ color: 'green', message: t('library.deleted', { file: deleting.name }) });
                setDeleting(null);
              },
              onError: (error) => {
                notify({ color: 'red', message: errorMessage(t, error) });
                setDeleting(null);
              },
            })
          }
        />
      )}
    </Container>
  );
}

/** "2.1 MB of 2 GB used" with its bar: the uploader's own quota, which every upload counts against. */
function StorageLine() {
  const { t } = useTranslation();
  const storage = useMediaStorage();
  if (!storage.data) return null;
  const { usedBytes, quotaBytes } = storage.data;
  const share = Math.min(100, (usedBytes / quotaBytes) * 100);
  return (
    <Stack gap={4} maw={480}>
      <Text size="sm">
        {t('library.storage', { used: formatBytes(usedBytes), quota: formatBytes(quotaBytes) })}
      </Text>
      <Progress.Root size="sm">
        <Progress.Section
          value={share}
          color={share >= 100 ? 'red' : share >= 90 ? 'orange' : 'blue'}
          aria-label={t('storage.title')}
          aria-valuetext={t('storage.percent', { percent: Math.round(share) })}
        />
      </Progress.Root>
    </Stack>
  );
}

/** Upload: images and videos, each judged by its kind's limits; the library shows them as they come. */
function UploadButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(0);
  const add = async (files: File[]) => {
    for (const file of files) {
      const kind: MediaKind = file.type.startsWith('video/') ? 'video' : 'image';
      if (file.size > MEDIA_LIMITS[kind].maxMb * 1024 * 1024) {
        notify({
          color: 'red',
          message: t('media.tooLarge', { file: file.name, max: MEDIA_LIMITS[kind].maxMb }),
        });
        continue;
      }
      setBusy((n) => n + 1);
      try {
        await uploadMedia({ file, kind });
        notify({ color: 'green', message: t('media.added', { file: file.name }) });
      } catch (error) {
        notify({ color: 'red', message: errorMessage(t, error, 'media.failed') });
      } finally {
        setBusy((n) => n - 1);
        void queryClient.invalidateQueries({ queryKey: ['media'] });
      }
    }
  };
  return (
    <FileButton onChange={(files) => void add(files)} accept={ACCEPT} multiple>
      {(props) => (
        <Button {...props} leftSection={<IconUpload size={16} />} loading={busy > 0}>
          {t('library.upload')}
        </Button>
      )}
    </FileButton>
  );
}

function LibraryCard({ item, onDelete }: { item: MediaLibraryItem; onDelete?: () => void }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm" data-testid="library-file">
      <Card.Section>
        <MediaThumb media={item} height={150} />
      </Card.Section>
      <Stack gap={4} mt="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} size="sm" truncate title={item.name}>
            {item.name}
          </Text>
          {onDelete && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('library.delete', { file: item.name })}
              onClick={onDelete}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {mediaFacts(t, item)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('library.uploaded', { date: formatDate(item.createdAt), name: item.uploadedBy })}
        </Text>
        <Uses item={item} />
      </Stack>
    </Card>
  );
}

/** Where the file is used: the first posts by name, those still to go out marked, and how many more. */
function Uses({ item }: { item: MediaLibraryItem }) {
  const { t } = useTranslation();
  if (item.uses === 0)
    return (
      <Text size="xs" c="dimmed">
        {t('library.notUsed')}
      </Text>
    );
  const more = item.uses - item.usedIn.length;
  return (
    <div>
      <Text size="xs">{t('library.usedIn', { count: item.uses })}</Text>
      <ul className={classes.uses}>
        {item.usedIn.map((use) => (
          <li key={`${use.type}-${use.id}`}>
            <UseLink use={use} />
          </li>
        ))}
      </ul>
      {more > 0 && (
        <Text size="xs" c="dimmed">
          {t('library.more', { count: more })}
        </Text>
      )}
    </div>
  );
}

function UseLink({ use }: { use: MediaUse }) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const workspace = useWorkspaceId() ?? '';
  const to =
    use.type === 'post'
      ? `${workspacePath(workspace, '/posts')}?edit=${use.id}`
      : `${workspacePath(workspace, '/posts')}?view=recurring`;
  const status =
    use.type === 'recurring'
      ? t(use.pending ? 'library.recurringActive' : 'library.recurringEnded')
      : t(`calendar.status.${use.status}`, { defaultValue: use.status });
  return (
    <Text size="xs" span>
      <Anchor component={Link} to={to} size="xs">
        {use.text || t('library.noText')}
      </Anchor>{' '}
      <Badge size="xs" variant="light" color={use.pending ? 'blue' : 'gray'}>
        {status}
      </Badge>
      {use.at && (
        <Text size="xs" c="dimmed" span>
          {' '}
          {formatDayTime(use.at, { timeZone: zone })}
        </Text>
      )}
    </Text>
  );
}
