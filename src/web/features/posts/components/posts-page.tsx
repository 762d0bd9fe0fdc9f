import { Badge, Box, Container, Group, LoadingOverlay, Stack, Tabs, Title } from '@mantine/core';
import { IconCalendar, IconNotes } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CalendarPost } from '../../../../shared/api/posts.schemas';
import { useDrafts } from '../api/get-drafts';
import { useEditPost } from '../hooks/use-open-post';
import { Composer, type Draft, draftOf, emptyDraft } from './composer';
import { ContentCalendar } from './content-calendar';
import { DraftsList } from './drafts-list';
import { DeletePostDialog, RescheduleDialog } from './post-dialogs';

const PostDetailDialog = lazy(() =>
  import('./post-detail-dialog').then((m) => ({ default: m.PostDetailDialog })),
);

type Dialog =
  | { kind: 'details' | 'reschedule'; post: CalendarPost }
  | { kind: 'delete'; post: Pick<CalendarPost, 'id'> }
  | null;

/**
 * The post manager: the composer above the Content Calendar and the Drafts list. `headerActions` is what
 * the app puts beside the title (Manage Platforms). `?edit=<id>` opens that post in the composer (the
 * dashboard's drafts link here), `?tab=drafts` shows the drafts.
 */
export function PostsPage({ headerActions }: { headerActions?: ReactNode }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'drafts' ? 'drafts' : 'calendar';
  const drafts = useDrafts();
  const draftsTotal = drafts.data?.pages[0]?.total;

  const scrollTo = (id: string) =>
    document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  const onSaved = () => {
    setDraft(emptyDraft());
    scrollTo('post-lists');
  };
  const close = () => setDialog(null);
  const { edit, opening } = useEditPost((post) => setDraft(draftOf(post)));
  const open = (id: string) => {
    void edit(id);
    scrollTo('composer');
  };

  // A link with ?edit=<id> opens that post once; the parameter goes, so a reload does not open it again.
  const editId = params.get('edit');
  const openLinked = useEffectEvent(open);
  useEffect(() => {
    if (!editId) return;
    openLinked(editId);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('edit');
        return next;
      },
      { replace: true },
    );
  }, [editId, setParams]);

  const setTab = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'drafts') next.set('tab', 'drafts');
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );

  return (
    <Container size="xl" py="md">
      <Stack>
        <Group justify="space-between">
          <Title order={1}>{t('posts.title')}</Title>
          {headerActions}
        </Group>
        <Box id="composer" pos="relative">
          <LoadingOverlay visible={opening} loaderProps={{ 'aria-label': t('common.loading') }} />
          <Composer draft={draft} onChange={setDraft} onSaved={onSaved} />
        </Box>
        <Tabs value={tab} onChange={setTab} id="post-lists">
          <Tabs.List mb="md">
            <Tabs.Tab value="calendar" leftSection={<IconCalendar size={16} aria-hidden />}>
              {t('drafts.calendarTab')}
            </Tabs.Tab>
            <Tabs.Tab
              value="drafts"
              leftSection={<IconNotes size={16} aria-hidden />}
              rightSection={
                draftsTotal ? (
                  <Badge size="sm" variant="light" circle={draftsTotal < 10}>
                    {draftsTotal}
                  </Badge>
                ) : null
              }
            >
              {t('drafts.tab')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="calendar">
            <ContentCalendar
              onAddPost={(date) => {
                // The day's + keeps what is being written and puts it on that day.
                setDraft((current) => ({ ...current, scheduledAt: date }));
                scrollTo('composer');
              }}
              actions={{
                onDetails: (post) => setDialog({ kind: 'details', post }),
                onEdit: (post) => open(post.id),
                onReschedule: (post) => setDialog({ kind: 'reschedule', post }),
                onDelete: (post) => setDialog({ kind: 'delete', post }),
              }}
            />
          </Tabs.Panel>
          <Tabs.Panel value="drafts">
            <DraftsList onEdit={open} onDelete={(post) => setDialog({ kind: 'delete', post })} />
          </Tabs.Panel>
        </Tabs>
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
