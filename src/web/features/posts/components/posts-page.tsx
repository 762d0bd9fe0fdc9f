import {
  Alert,
  Box,
  Center,
  Container,
  Group,
  Loader,
  LoadingOverlay,
  Stack,
  Tabs,
  Title,
} from '@mantine/core';
import { IconEye, IconRepeat, IconSend } from '@tabler/icons-react';
import { useCan } from '../../../lib/workspace-role';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useEditPost } from '../hooks/use-open-post';
import { useDuplicatePost } from '../api/duplicate-post';
import { notify } from '../../../lib/notify';
import { errorMessage } from '../../../lib/error-message';
import { Composer, type Draft, draftOf, emptyDraft } from './composer';
import { DeletePostDialog, RescheduleDialog } from './post-dialogs';
import { type PostDialog, PostLists } from './post-lists';

const PostDetailDialog = lazy(() =>
  import('./post-detail-dialog').then((m) => ({ default: m.PostDetailDialog })),
);

const scrollTo = (id: string) =>
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });

/** Sets or removes one search parameter, keeping the others, without a new history entry. */
const withParam = (current: URLSearchParams, name: string, value: string | null) => {
  const next = new URLSearchParams(current);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
};

/**
 * The post manager, as the spec's two tabs: Single Post (the composer above the Content Calendar and the
 * Drafts list) and Recurring Posts (`recurring`, the recurring feature's, shown once its tab is open:
 * the app gives it as a lazy chunk). `headerActions` is what the app puts beside the title (Manage
 * Platforms); `manageAccounts` is what the composer offers when a selected network has no usable account
 * (Manage Platforms again, smaller). `?edit=<id>` opens that post in the composer (the dashboard links
 * here), `?tab=drafts` shows the drafts, `?view=recurring` the recurring posts.
 */
export function PostsPage({
  headerActions,
  manageAccounts,
  recurring,
}: {
  headerActions?: ReactNode;
  manageAccounts?: ReactNode;
  recurring?: ReactNode;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [dialog, setDialog] = useState<PostDialog | null>(null);
  const [params, setParams] = useSearchParams();
  // A reviewer reads and approves: the composer is left out for a role that may not write.
  const mayWrite = useCan('write');
  const tab = params.get('tab') === 'drafts' ? 'drafts' : 'calendar';
  const view = params.get('view') === 'recurring' ? 'recurring' : 'single';

  const onSaved = () => {
    setDraft(emptyDraft());
    scrollTo('post-lists');
  };
  const close = () => setDialog(null);
  const { edit, opening } = useEditPost((post) => setDraft(draftOf(post)));
  // The lists below keep the same callbacks while the composer changes, so they do not render again.
  const editRef = useRef(edit);
  useEffect(() => {
    editRef.current = edit;
  });
  const open = useCallback((id: string) => {
    void editRef.current(id);
    scrollTo('composer');
  }, []);
  const duplicatePost = useDuplicatePost();
  const duplicateRef = useRef(duplicatePost.mutate);
  useEffect(() => {
    duplicateRef.current = duplicatePost.mutate;
  });
  const duplicate = useCallback(
    (id: string) =>
      duplicateRef.current(id, {
        onSuccess: (copy) => {
          setDraft(draftOf(copy));
          notify({ color: 'green', message: t('calendar.duplicated') });
          scrollTo('composer');
        },
        onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
      }),
    [t],
  );
  const onAddPost = useCallback((date: Date) => {
    // The day's + keeps what is being written and puts it on that day.
    setDraft((current) => ({ ...current, scheduledAt: date }));
    scrollTo('composer');
  }, []);
  const onTab = useCallback(
    (value: string | null) =>
      setParams((current) => withParam(current, 'tab', value === 'drafts' ? 'drafts' : null), {
        replace: true,
      }),
    [setParams],
  );
  const onView = (value: string | null) =>
    setParams((current) => withParam(current, 'view', value === 'recurring' ? 'recurring' : null), {
      replace: true,
    });

  // A link with ?edit=<id> opens that post once, in the Single Post tab; the parameter goes, so a reload
  // does not open it again.
  const editId = params.get('edit');
  useEffect(() => {
    if (!editId) return;
    open(editId);
    setParams((current) => withParam(withParam(current, 'edit', null), 'view', null), { replace: true });
  }, [editId, open, setParams]);

  return (
    <Container size="xl" py="md">
      <Stack>
        <Group justify="space-between">
          <Title order={1}>{t('posts.title')}</Title>
          {headerActions}
        </Group>
        {/* Hidden by CSS, not by React's Activity (Mantine's default): Activity runs the hidden composer's
            effect clean-ups, which destroy its Tiptap editor for good, so coming back would crash it. */}
        <Tabs value={view} onChange={onView} keepMountedMode="display-none">
          <Tabs.List mb="md">
            <Tabs.Tab value="single" leftSection={<IconSend size={16} aria-hidden />}>
              {t('recurring.singleTab')}
            </Tabs.Tab>
            <Tabs.Tab value="recurring" leftSection={<IconRepeat size={16} aria-hidden />}>
              {t('recurring.tab')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="single">
            <Stack>
              {mayWrite ? (
                <Box id="composer" pos="relative">
                  <LoadingOverlay visible={opening} loaderProps={{ 'aria-label': t('common.loading') }} />
                  <Composer
                    draft={draft}
                    onChange={setDraft}
                    onSaved={onSaved}
                    manageAccounts={manageAccounts}
                  />
                </Box>
              ) : (
                <Alert color="blue" icon={<IconEye size={18} aria-hidden />}>
                  {t('members.readOnly')}
                </Alert>
              )}
              <PostLists
                tab={tab}
                onTab={onTab}
                onAddPost={onAddPost}
                onOpen={open}
                onDuplicate={duplicate}
                onDialog={setDialog}
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="recurring">
            {view === 'recurring' && (
              <Suspense
                fallback={
                  <Center py="lg">
                    <Loader aria-label={t('common.loading')} />
                  </Center>
                }
              >
                {recurring}
              </Suspense>
            )}
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
