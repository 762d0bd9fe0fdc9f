import { needsApproval } from '../../../../shared/workspaces/rules';
import { useCurrentWorkspace } from '../../../lib/workspace-role';
import '@mantine/dates/styles.css';
import { ActionIcon, Alert, Button, Group, Menu, Stack, Text } from '@mantine/core';
import {
  IconCalendarEvent,
  IconChevronDown,
  IconDeviceFloppy,
  IconEye,
  IconListNumbers,
  IconSend,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PostWrite } from '../../../../shared/api/posts.schemas';
import type { Draft } from '../draft';
import type { Variables } from '../../../../shared/api/variables.schemas';
import { fillTemplate, type Template } from '../../../../shared/api/templates.schemas';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useProfile } from '../../../lib/session';
import { formatDate } from '../../../lib/format-date';
import { useTimeZone } from '../../../lib/time-zone';
import { type DraftMedia, mediaWrite } from '../../../components/post-form/draft-media';
import { postQueryKey } from '../api/get-post';
import { useSavePost } from '../api/save-post';
import { useQueuePost } from '../api/queue-post';
import { ApiRequestError } from '../../../lib/api-client';
import { accountsToSend, targetName, twitterTypeFor, unreadyNetworks } from '../../../lib/accounts';
import { formatDayTime } from '../../../lib/format-date';
import { ComposerChecks } from '../../../components/post-form/composer-checks';
import { ComposerTools } from './composer-tools';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import { PlatformSelector } from '../../../components/post-form/platform-selector';
import { AccountChooser } from '../../../components/post-form/account-chooser';
import { PreviewDialog } from './preview-dialog';
import { usePostFormParts } from '../../../components/post-form/post-form-parts';
import { PostEditor } from '../../../components/post-form/post-editor';
import { SchedulePicker } from '../../../components/post-form/schedule-picker';
import { SendCheckDialog } from './send-check-dialog';
import { usePostsSlots } from './posts-slots';
import { htmlToText } from '../../../../shared/platforms/html-to-text';
import { versionsToSend, withVersion } from '../../../components/post-form/versions';
import { useVersions } from '../../../components/post-form/use-versions';
import { VersionPanel, VersionTabs } from '../../../components/post-form/version-tabs';

/** Without the variables feature, an edited video's preview fills its captions' `{{name}}` with nothing. */
const NoVariables = ({ children }: { children: (variables: Variables) => ReactNode }) => children({});

/**
 * Write a post, pick networks, then Post now, Schedule at the chosen time, or Save draft. The counter
 * and the problems follow each selected network's own rules as the user types. Sending to a network with
 * no usable account asks first; Post now then says how it went, network by network.
 */
export function Composer({
  draft,
  onChange,
  onSaved,
  onPublishing,
  manageAccounts,
}: {
  draft: Draft;
  onChange: (draft: Draft) => void;
  onSaved: () => void;
  /** A post sent with Post now: the page follows it, network by network, after the composer closes. */
  onPublishing?: (id: string) => void;
  /** Manage Platforms, offered when a selected network has no usable account. */
  manageAccounts?: ReactNode;
}) {
  const { t } = useTranslation();
  const {
    composerAi: ComposerAi,
    adaptForNetwork: AdaptForNetwork,
    withVariables: WithVariables = NoVariables,
  } = usePostsSlots();
  const { MediaUploaders, EditVideo } = usePostFormParts();
  const { data: profile } = useProfile();
  // The picker shows and reads the clock of the profile's zone, which the post is then scheduled in.
  const zone = useTimeZone();
  const save = useSavePost();
  const queue = useQueuePost();
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState<'publish_now' | 'schedule' | null>(null);
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const allAccounts = profile?.accounts ?? [];
  // The strictest X limit of the X accounts it goes to.
  const accountType = twitterTypeFor(
    draft.accounts,
    allAccounts,
    profile?.settings.twitterAccountType ?? 'standard',
  );
  const [previewing, setPreviewing] = useState(false);
  const [editingVideo, setEditingVideo] = useState<DraftMedia | null>(null);
  const editor = useRef<Editor | null>(null);
  const onEditorReady = useCallback((e: Editor) => {
    editor.current = e;
  }, []);
  // A hashtag or mention put in right after a word gets a space first ("cafe #startup", not "cafe#startup").
  const insert = (text: string) => {
    const e = editor.current;
    if (!e) return;
    const { from } = e.state.selection;
    const before = from > 1 ? e.state.doc.textBetween(from - 1, from, '\n', '\n') : '';
    const spaced = /^[#@]/.test(text) && before !== '' && !/\s/.test(before) ? ` ${text}` : text;
    e.chain().focus().insertContent(spaced).run();
  };
  // A template replaces the content, its placeholders filled for the first chosen network.
  const applyTemplate = (template: Template) => {
    const platform = draft.platforms[0] ?? template.platforms[0];
    onChange({
      ...draft,
      content: fillTemplate(template.content, {
        platform: platform ? PLATFORM_NAMES[platform] : undefined,
        username: profile?.displayName,
        date: formatDate(draft.scheduledAt ?? new Date(), { timeZone: zone }),
      }),
      platforms: draft.platforms.length ? draft.platforms : template.platforms,
    });
  };
  const latest = useRef(draft);
  useEffect(() => {
    latest.current = draft;
  });
  // The "Text for" row: whose text the editor writes, and each network's (or account's) checks.
  const { receivers, tab, key, setWriting, version, shown, setShown, checks, problems, remaining, ...own } =
    useVersions(draft, onChange, allAccounts, accountType);
  const text = htmlToText(shown);
  const complete =
    draft.platforms.length > 0 && checks.every((c) => c.text.trim().length > 0 || c.media.length > 0);
  const unready = unreadyNetworks(draft.platforms, allAccounts, draft.accounts);
  const send = (action: 'publish_now' | 'schedule') =>
    unready.length ? setChecking(action) : submit(action);

  // A contributor's Schedule Post and Post now wait for an approval where the workspace asks for one.
  const workspace = useCurrentWorkspace();
  const asksApproval = workspace ? needsApproval(workspace.role, workspace.approvalRequired) : false;

  const submit = (action: PostWrite['action']) => {
    setServerProblem(null);
    const body: PostWrite = {
      content: draft.content,
      platforms: draft.platforms,
      accounts: accountsToSend(draft.platforms, draft.accounts, allAccounts),
      action,
      timezone: zone,
      media: draft.media.map(mediaWrite),
      versions: versionsToSend(draft.versions, draft.platforms, draft.media, draft.accounts),
      ...(draft.scheduledAt && action !== 'publish_now'
        ? { scheduledAt: draft.scheduledAt.toISOString() }
        : {}),
    };
    save.mutate(
      { id: draft.id, body },
      {
        onSuccess: (post) => {
          if (post.status === 'awaiting_approval') notify({ color: 'grape', message: t('approvals.sent') });
          else if (action === 'publish_now') {
            // The notice follows this post from what the save answered, then from the worker.
            queryClient.setQueryData(postQueryKey(post.id), post);
            onPublishing?.(post.id);
          } else
            notify({
              color: 'green',
              message: t(action === 'draft' ? 'composer.draftSaved' : 'composer.scheduled'),
            });
          onSaved();
        },
        onError: (error) => setServerProblem(errorMessage(t, error)),
      },
    );
  };

  /** "Add to queue": each chosen account's next free slot, or its first ("Share next"). */
  const enqueue = (queuePosition: 'last' | 'next') => {
    setServerProblem(null);
    const body: PostWrite & { action: 'queue' } = {
      content: draft.content,
      platforms: draft.platforms,
      accounts: accountsToSend(draft.platforms, draft.accounts, allAccounts),
      action: 'queue',
      queuePosition,
      timezone: zone,
      media: draft.media.map(mediaWrite),
      versions: versionsToSend(draft.versions, draft.platforms, draft.media, draft.accounts),
    };
    queue.mutate(
      { id: draft.id, body },
      {
        onSuccess: ({ data: posts }) => {
          const where = posts
            .map((post) =>
              t('queue.addedOne', {
                account: targetName(t, post.targets[0]!),
                time: formatDayTime(post.scheduledAt!, { timeZone: zone }),
              }),
            )
            .join('; ');
          notify({
            color: posts[0]?.status === 'awaiting_approval' ? 'grape' : 'green',
            message:
              posts[0]?.status === 'awaiting_approval'
                ? `${t('approvals.sent')} ${where}`
                : t('queue.added', { where }),
          });
          onSaved();
        },
        onError: (error) =>
          setServerProblem(
            error instanceof ApiRequestError && error.fields?.accounts
              ? t(error.fields.accounts)
              : errorMessage(t, error),
          ),
      },
    );
  };

  // Titled by the drawer it opens in (posts-page.tsx).
  return (
    <>
      <Stack>
        <ComposerTools
          insert={insert}
          text={text}
          onUseTemplate={applyTemplate}
          ai={
            ComposerAi && (
              <ComposerAi
                content={draft.content}
                platforms={draft.platforms}
                postId={draft.id}
                insert={insert}
                replace={(content) => onChange({ ...draft, content })}
              />
            )
          }
        />
        {draft.platforms.length > 0 && (
          <VersionTabs receivers={receivers} versions={draft.versions} value={key} onChange={setWriting} />
        )}
        <PostEditor value={shown} onChange={setShown} onReady={onEditorReady} />
        {key && tab && (
          <VersionPanel
            receiver={tab}
            version={version}
            files={own.files}
            media={draft.media}
            adapt={
              AdaptForNetwork && (
                <AdaptForNetwork
                  platform={key.platform}
                  content={shown}
                  onAdapted={(content) => {
                    // The model answers seconds later: the version goes into the draft as it is then.
                    const now = latest.current;
                    onChange({
                      ...now,
                      versions: withVersion(now.versions, key, now.content, { content }),
                    });
                  }}
                />
              )
            }
            onReset={own.reset}
            onFiles={own.setFiles}
          />
        )}
        {MediaUploaders && (
          <MediaUploaders
            media={draft.media}
            onChange={(media) => onChange({ ...draft, media })}
            onEditVideo={setEditingVideo}
          />
        )}
        <PlatformSelector
          value={draft.platforms}
          onChange={(platforms) => onChange({ ...draft, platforms })}
        />
        <AccountChooser
          platforms={draft.platforms}
          value={draft.accounts}
          onChange={(accounts) => onChange({ ...draft, accounts })}
        />
        <ComposerChecks remaining={remaining} problems={problems} />
        <SchedulePicker
          value={draft.scheduledAt}
          zone={zone}
          onChange={(scheduledAt) => onChange({ ...draft, scheduledAt })}
        />
        {serverProblem && (
          <Alert color="red" role="alert">
            {serverProblem}
          </Alert>
        )}
        {!complete && (
          <Text size="sm" c="dimmed">
            {t('composer.incomplete')}
          </Text>
        )}
        <Group>
          <Button
            leftSection={<IconSend size={16} />}
            disabled={!complete || problems.length > 0}
            loading={save.isPending && save.variables?.body.action === 'publish_now'}
            onClick={() => send('publish_now')}
          >
            {t('composer.postNow')}
          </Button>
          <Button
            leftSection={<IconCalendarEvent size={16} />}
            variant="light"
            disabled={!complete || problems.length > 0 || !draft.scheduledAt}
            loading={save.isPending && save.variables?.body.action === 'schedule'}
            onClick={() => send('schedule')}
          >
            {t('composer.schedule')}
          </Button>
          <Group gap={0} wrap="nowrap">
            <Button
              leftSection={<IconListNumbers size={16} />}
              variant="light"
              disabled={!complete || problems.length > 0}
              loading={queue.isPending}
              onClick={() => enqueue('last')}
              style={{ borderStartEndRadius: 0, borderEndEndRadius: 0 }}
            >
              {t('queue.addToQueue')}
            </Button>
            <Menu position="bottom-end">
              <Menu.Target>
                <ActionIcon
                  variant="light"
                  size={36}
                  disabled={!complete || problems.length > 0 || queue.isPending}
                  aria-label={t('queue.moreOptions')}
                  style={{
                    borderStartStartRadius: 0,
                    borderEndStartRadius: 0,
                    borderInlineStart: '1px solid var(--mantine-color-body)',
                  }}
                >
                  <IconChevronDown size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => enqueue('next')}>{t('queue.shareNext')}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            variant="default"
            loading={save.isPending && save.variables?.body.action === 'draft'}
            onClick={() => submit('draft')}
          >
            {t('composer.saveDraft')}
          </Button>
          <Button
            leftSection={<IconEye size={16} />}
            variant="default"
            disabled={!draft.platforms.length}
            onClick={() => setPreviewing(true)}
          >
            {t('preview.open')}
          </Button>
          {(draft.id || draft.content || draft.platforms.length > 0) && (
            <Button variant="subtle" color="gray" onClick={onSaved}>
              {t('common.cancel')}
            </Button>
          )}
        </Group>
        {asksApproval && (
          <Text size="sm" c="dimmed">
            {t('approvals.composerNote')}
          </Text>
        )}
      </Stack>
      {editingVideo && EditVideo && (
        <EditVideo
          video={editingVideo}
          onClose={() => setEditingVideo(null)}
          onDone={(edits) => {
            onChange({
              ...draft,
              media: draft.media.map((m) => (m.id === editingVideo.id ? { ...m, edits } : m)),
            });
            setEditingVideo(null);
          }}
        />
      )}
      {checking && (
        <SendCheckDialog
          action={checking}
          unready={unready}
          refused={checking === 'publish_now' && unready.length === draft.platforms.length}
          manageAccounts={manageAccounts}
          onCancel={() => setChecking(null)}
          onGoOn={() => {
            setChecking(null);
            submit(checking);
          }}
        />
      )}
      {previewing && (
        <WithVariables>
          {(variables) => (
            <PreviewDialog
              content={draft.content}
              platforms={draft.platforms}
              accounts={draft.accounts}
              media={draft.media}
              versions={draft.versions}
              variables={variables}
              accountType={accountType}
              onClose={() => setPreviewing(false)}
            />
          )}
        </WithVariables>
      )}
    </>
  );
}
