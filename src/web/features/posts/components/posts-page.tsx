import {
  Alert,
  Box,
  Button,
  Center,
  Container,
  Drawer,
  Group,
  Loader,
  LoadingOverlay,
  Modal,
  Stack,
  Tabs,
  Text,
  Title,
  useDirection,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEye, IconFileImport, IconPlus, IconRepeat, IconSend } from '@tabler/icons-react';
import { useCan } from '../../../lib/workspace-role';
import {
  type KeyboardEvent,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useWorkspaceId, workspacePath } from '../../../lib/workspace';
import { useEditPost } from '../hooks/use-open-post';
import { useDuplicatePost } from '../api/duplicate-post';
import { notify } from '../../../lib/notify';
import { errorMessage } from '../../../lib/error-message';
import { type Draft, draftOf, emptyDraft, sameDraft } from '../draft';
import type { FreeSlot } from '../../../../shared/api/queue.schemas';
import { PublishProgress } from './publish-progress';
import { DeletePostDialog, RescheduleDialog } from './post-dialogs';
import { type PostDialog, PostLists } from './post-lists';

// The composer (its editor, checks and pickers) is its own chunk, loaded when it first opens.
const Composer = lazy(() => import('./composer').then((m) => ({ default: m.Composer })));
const PostDetailDialog = lazy(() =>
  import('./post-detail-dialog').then((m) => ({ default: m.PostDetailDialog })),
);

/** Sets or removes one search parameter, keeping the others, without a new history entry. */
const withParam = (current: URLSearchParams, name: string, value: string | null) => {
  const next = new URLSearchParams(current);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
};

/**
 * The post manager, calendar first (issue 26), as the spec's two tabs: Single Post (the Content Calendar
 * and the Drafts list, with "New post") and Recurring Posts (`recurring`, the recurring feature's, shown
 * once its tab is open: the app gives it as a lazy chunk). The spec's composer opens in a drawer: from New
 * post, a day's or an hour's "+" (at that time), Edit, a draft, Duplicate, or `?edit=<id>` (the dashboard
 * links here); closing it with unsaved changes asks first. `headerActions` is what the app puts beside
 * the title (Manage Platforms); `manageAccounts` is what the composer offers when a selected network has
 * no usable account. `?tab=drafts` shows the drafts, `?view=recurring` the recurring posts.
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
  const { dir } = useDirection();
  const phone = useMediaQuery('(max-width: 48em)');
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  // The composer is open (`?new=1` opens it empty: the dashboard's Write a post), and what it held when
  // it opened (closing asks first when that changed).
  const [composing, setComposing] = useState(() => params.get('new') === '1');
  const [opened, setOpened] = useState<Draft>(emptyDraft);
  const [asking, setAsking] = useState(false);
  const [watching, setWatching] = useState<string[]>([]);
  const stopWatching = useCallback((id: string) => setWatching((ids) => ids.filter((w) => w !== id)), []);
  const [dialog, setDialog] = useState<PostDialog | null>(null);
  // A reviewer reads and approves: the composer is left out for a role that may not write.
  const mayWrite = useCan('write');
  const tab = params.get('tab') === 'drafts' ? 'drafts' : 'calendar';
  const view = params.get('view') === 'recurring' ? 'recurring' : 'single';

  const compose = useCallback((next: Draft) => {
    setDraft(next);
    setOpened(next);
    setComposing(true);
  }, []);
  const finish = useCallback(() => {
    setComposing(false);
    setAsking(false);
    setDraft(emptyDraft());
  }, []);
  const requestClose = () => (sameDraft(draft, opened) ? finish() : setAsking(true));
  // React hands keys pressed in portals (a dialog, a picker, a list opened from the composer) to the
  // composer too: only a key pressed in the composer itself asks to close it.
  const onEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Escape' || event.defaultPrevented || !event.currentTarget.contains(target)) return;
    if (target.closest('[data-mantine-stop-propagation]')) return;
    requestClose();
  };
  const close = () => setDialog(null);
  const { edit, opening } = useEditPost((post) => compose(draftOf(post)), finish);
  // The lists below keep the same callbacks while the composer changes, so they do not render again.
  const editRef = useRef(edit);
  useEffect(() => {
    editRef.current = edit;
  });
  // The drawer opens at once, on the post being fetched (`opening`).
  const open = useCallback((id: string) => void editRef.current(id), []);
  const duplicatePost = useDuplicatePost();
  const duplicateRef = useRef(duplicatePost.mutate);
  useEffect(() => {
    duplicateRef.current = duplicatePost.mutate;
  });
  const duplicate = useCallback(
    (id: string) =>
      duplicateRef.current(id, {
        onSuccess: (copy) => {
          compose(draftOf(copy));
          notify({ color: 'green', message: t('calendar.duplicated') });
        },
        onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
      }),
    [t, compose],
  );
  // A day's or an hour's "+": a new post at that time; a free queue slot's: for its accounts too.
  const onAddPost = useCallback(
    (date: Date, accounts: FreeSlot['accounts'] = []) =>
      compose({
        ...emptyDraft(date),
        platforms: [...new Set(accounts.map((a) => a.platform))],
        accounts: accounts.map((a) => a.id),
      }),
    [compose],
  );
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

  // A link with ?edit=<id> opens that post once, in the Single Post tab, and ?post=<id> its details; the
  // parameter goes, so a reload does not open it again.
  const editId = params.get('edit');
  const detailsId = params.get('post');
  const [detailsAsked, setDetailsAsked] = useState<string | null>(null);
  if (detailsId && detailsId !== detailsAsked) {
    setDetailsAsked(detailsId);
    setDialog({ kind: 'details', post: { id: detailsId } });
  }
  useEffect(() => {
    if (detailsId) setParams((current) => withParam(current, 'post', null), { replace: true });
  }, [detailsId, setParams]);
  const asked = params.has('new');
  useEffect(() => {
    if (asked) setParams((current) => withParam(current, 'new', null), { replace: true });
  }, [asked, setParams]);
  useEffect(() => {
    if (!editId) return;
    open(editId);
    setParams((current) => withParam(withParam(current, 'edit', null), 'view', null), { replace: true });
  }, [editId, open, setParams]);

  const workspace = useWorkspaceId() ?? '';
  const loading = (
    <Center py="lg">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
  return (
    <Container size="xl" py="md">
      <Stack>
        <Group justify="space-between">
          <Title order={1}>{t('posts.title')}</Title>
          <Group gap="sm">
            {headerActions}
            {mayWrite && (
              <Button
                component={Link}
                to={workspacePath(workspace, '/import')}
                variant="default"
                leftSection={<IconFileImport size={16} />}
              >
                {t('imports.open')}
              </Button>
            )}
            {mayWrite && (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => compose(emptyDraft())}
                data-testid="new-post"
              >
                {t('composer.newPost')}
              </Button>
            )}
          </Group>
        </Group>
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
              {!mayWrite && (
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
            {view === 'recurring' && <Suspense fallback={loading}>{recurring}</Suspense>}
          </Tabs.Panel>
        </Tabs>
      </Stack>
      {mayWrite && (
        <Drawer
          opened={composing || opening}
          onClose={requestClose}
          position={dir === 'rtl' ? 'left' : 'right'}
          size={phone ? '100%' : '56rem'}
          title={draft.id || opening ? t('composer.editTitle') : t('composer.title')}
          closeButtonProps={{ 'aria-label': t('common.close') }}
          // Escape is ours (below): pressed in the composer's own dialogs and pickers, it closes those only.
          closeOnEscape={false}
          styles={{ title: { fontSize: 'var(--mantine-h3-font-size)', fontWeight: 700 } }}
        >
          <Box id="composer" pos="relative" onKeyDown={onEscape}>
            <LoadingOverlay visible={opening} loaderProps={{ 'aria-label': t('common.loading') }} />
            <Suspense fallback={loading}>
              <Composer
                draft={draft}
                onChange={setDraft}
                onSaved={finish}
                onPublishing={(id) => setWatching((ids) => [...ids, id])}
                manageAccounts={manageAccounts}
              />
            </Suspense>
          </Box>
        </Drawer>
      )}
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={t('composer.discardTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
      >
        <Stack>
          <Text size="sm">{t('composer.discardBody')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              {t('composer.keepWriting')}
            </Button>
            <Button color="red" onClick={finish}>
              {t('composer.discard')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {watching.map((id) => (
        <PublishProgress key={id} id={id} onDone={stopWatching} />
      ))}
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
