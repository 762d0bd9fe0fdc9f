import { Box, Container, Group, LoadingOverlay, Stack, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarPost } from '../../../../shared/api/posts.schemas';
import { useEditPost } from '../hooks/use-open-post';
import { Composer, type Draft, draftOf, emptyDraft } from './composer';
import { ContentCalendar } from './content-calendar';
import { DeletePostDialog, RescheduleDialog } from './post-dialogs';

const PostDetailDialog = lazy(() =>
  import('./post-detail-dialog').then((m) => ({ default: m.PostDetailDialog })),
);

type Dialog = { kind: 'details' | 'reschedule' | 'delete'; post: CalendarPost } | null;

/**
 * The post manager: the composer above the Content Calendar that shows what it scheduled. `headerActions`
 * is what the app puts beside the title (Manage Platforms); `manageAccounts` is what the composer offers
 * when a selected network has no usable account (Manage Platforms again, smaller).
 */
export function PostsPage({
  headerActions,
  manageAccounts,
}: {
  headerActions?: ReactNode;
  manageAccounts?: ReactNode;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [dialog, setDialog] = useState<Dialog>(null);

  const scrollTo = (id: string) =>
    document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  const onSaved = () => {
    setDraft(emptyDraft());
    scrollTo('content-calendar');
  };
  const close = () => setDialog(null);
  const { edit, opening } = useEditPost((post) => setDraft(draftOf(post)));

  return (
    <Container size="xl" py="md">
      <Stack>
        <Group justify="space-between">
          <Title order={1}>{t('posts.title')}</Title>
          {headerActions}
        </Group>
        <Box id="composer" pos="relative">
          <LoadingOverlay visible={opening} loaderProps={{ 'aria-label': t('common.loading') }} />
          <Composer draft={draft} onChange={setDraft} onSaved={onSaved} manageAccounts={manageAccounts} />
        </Box>
        <ContentCalendar
          onAddPost={(date) => {
            // The day's + keeps what is being written and puts it on that day.
            setDraft((current) => ({ ...current, scheduledAt: date }));
            scrollTo('composer');
          }}
          actions={{
            onDetails: (post) => setDialog({ kind: 'details', post }),
            onEdit: (post) => {
              void edit(post.id);
              scrollTo('composer');
            },
            onReschedule: (post) => setDialog({ kind: 'reschedule', post }),
            onDelete: (post) => setDialog({ kind: 'delete', post }),
          }}
        />
      </Stack>
      {dialog?.kind === 'details' && (
        <Suspense>
          <PostDetailDialog id={dialog.post.id} onClose={close} />
        </Suspense>
      )}
      {dialog?.kind === 'reschedule' && <RescheduleDialog post={dialog.post} onClose={close} />}
      {dialog?.kind === 'delete' && <DeletePostDialog post={dialog.post} onClose={close} />}
    </Container>
  );
}
