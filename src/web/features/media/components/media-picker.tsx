import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Media, type MediaKind } from '../../../../shared/api/media.schemas';
import { errorMessage } from '../../../lib/error-message';
import { useMediaLibrary } from '../api/get-media-library';
import { mediaFacts, MediaThumb } from './media-meta';
import classes from './media-library.module.css';

const PAGE = 12;

/**
 * "Choose from library": the workspace's files of one kind, found by name, chosen by clicking (up to
 * `room` of them), and added to the post without uploading them again. Files the post has are marked.
 */
export function MediaPicker({
  kind,
  room,
  attached,
  onPick,
  onClose,
}: {
  kind: MediaKind;
  room: number;
  attached: string[];
  onPick: (media: Media[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<Media[]>([]);
  const library = useMediaLibrary({ q: q || undefined, kind, limit: PAGE, offset: (page - 1) * PAGE });
  const pages = Math.max(1, Math.ceil((library.data?.total ?? 0) / PAGE));

  const toggle = (media: Media) =>
    setPicked((list) =>
      list.some((m) => m.id === media.id)
        ? list.filter((m) => m.id !== media.id)
        : list.length < room
          ? [...list, media]
          : list,
    );

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(`library.pick.${kind}`)}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        <TextInput
          label={t('library.search')}
          placeholder={t('library.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          maxLength={200}
          data-autofocus
        />
        <Text size="sm" c="dimmed" role="status">
          {t('library.pick.room', { count: room - picked.length })}
        </Text>
        {library.isPending && <Loader aria-label={t('common.loading')} />}
        {library.isError && (
          <Alert color="red" role="alert">
            {errorMessage(t, library.error, 'library.failed')}
          </Alert>
        )}
        {library.data?.data.length === 0 && (
          <Alert color="blue">{q ? t('library.noMatch') : t(`library.pick.none.${kind}`)}</Alert>
        )}
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs">
          {library.data?.data.map((media) => {
            const has = attached.includes(media.id);
            const chosen = picked.some((m) => m.id === media.id);
            return (
              <UnstyledButton
                key={media.id}
                className={classes.pick}
                aria-pressed={chosen}
                disabled={has || (!chosen && picked.length >= room)}
                onClick={() => toggle(media)}
              >
                <Card
                  withBorder
                  padding={4}
                  className={chosen ? classes.picked : undefined}
                  opacity={has ? 0.5 : 1}
                >
                  <Card.Section pos="relative">
                    <MediaThumb media={media} height={96} />
                    {chosen && <IconCheck size={20} aria-hidden className={classes.check} />}
                  </Card.Section>
                  <Text size="xs" truncate mt={4} title={media.name}>
                    {media.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {has ? t('library.pick.attached') : mediaFacts(t, media)}
                  </Text>
                </Card>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': t(`users.page.${control}`) })}
            />
          </Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button disabled={picked.length === 0} onClick={() => onPick(picked)}>
            {t('library.pick.add', { count: picked.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
