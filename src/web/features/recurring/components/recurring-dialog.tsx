import { Alert, Button, Container, Group, List, Modal, Stack, Text } from '@mantine/core';
import { needsApproval } from '../../../../shared/workspaces/rules';
import { useCurrentWorkspace } from '../../../lib/workspace-role';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECURRING_CONTENT_MAX, type RecurringPost } from '../../../../shared/api/recurring.schemas';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useProfile } from '../../../lib/session';
import { useTimeZone } from '../../../lib/time-zone';
import { useSaveRecurringPost } from '../api/save-recurring-post';
import type { PlatformProblem } from '../../../../shared/platforms/validate';
import { ComposerChecks, problemText } from '../../../components/post-form/composer-checks';
import { useVersions } from '../../../components/post-form/use-versions';
import { VersionPanel, VersionTabs } from '../../../components/post-form/version-tabs';
import type { DraftMedia } from '../../../components/post-form/draft-media';
import { PlatformSelector } from '../../../components/post-form/platform-selector';
import { AccountChooser } from '../../../components/post-form/account-chooser';
import { twitterTypeFor, unreadyNetworks } from '../../../lib/accounts';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import { usePostFormParts } from '../../../components/post-form/post-form-parts';
import { PostEditor } from '../../../components/post-form/post-editor';
import { NextOccurrences } from './next-occurrences';
import {
  emptyForm,
  type FormErrors,
  formOf,
  type RecurringForm,
  ruleOf,
  serverErrors,
  validate,
} from './recurring-form';
import { RuleFields } from './rule-fields';

/** A field's message under a control that has no error slot of its own (the editor, the networks). */
function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <Text id={id} size="sm" c="red" role="alert">
      {message}
    </Text>
  ) : null;
}

/**
 * Create Recurring Post / Edit Recurring Post, full screen: the composer's editor, uploaders, networks and
 * live checks, then the rule, and the next five occurrences it gives. Checked with the route's schema
 * before sending; the server's field messages land on the same fields.
 */
export function RecurringDialog({ post, onClose }: { post?: RecurringPost; onClose: () => void }) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const { data: profile } = useProfile();
  const save = useSaveRecurringPost();
  const workspace = useCurrentWorkspace();
  // A contributor's rule, where the workspace asks for approval, makes posts once approved.
  const asksApproval = workspace ? needsApproval(workspace.role, workspace.approvalRequired) : false;
  const { MediaUploaders, EditVideo } = usePostFormParts();
  const [form, setForm] = useState<RecurringForm>(() => (post ? formOf(post, zone) : emptyForm()));
  const [errors, setErrors] = useState<FormErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [editingVideo, setEditingVideo] = useState<DraftMedia | null>(null);
  const rule = useMemo(() => ruleOf(form, zone), [form, zone]);
  const allAccounts = profile?.accounts ?? [];
  const accountType = twitterTypeFor(
    form.accounts,
    allAccounts,
    profile?.settings.twitterAccountType ?? 'standard',
  );
  // As a single post's Schedule asks: the networks its occurrences could not go out to as things stand.
  const unready = unreadyNetworks(form.platforms, allAccounts, form.accounts);

  const change = (patch: Partial<RecurringForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    // A field the user changes no longer shows its old message.
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) {
        const field = key === 'start' ? 'startDate' : key === 'endDay' ? 'endDate' : key;
        delete next[field as keyof FormErrors];
      }
      return next;
    });
  };

  // The "Text for" row: whose text the editor writes, and each network's (or account's) checks. It
  // changes the text for all networks or the versions, nothing else.
  const versions = useVersions(
    form,
    (next) => change({ content: next.content, versions: next.versions }),
    allAccounts,
    accountType,
  );
  const { remaining, problems } = versions;

  const submit = () => {
    setProblem(null);
    setFailure(null);
    const checked = validate(form, zone, allAccounts);
    if ('errors' in checked) {
      setErrors(checked.errors);
      setProblem(t(checked.incomplete ? 'recurring.fillRequired' : 'errors.validation'));
      return;
    }
    save.mutate(
      { id: post?.id, body: checked.body },
      {
        onSuccess: () => {
          notify({ color: 'green', message: t(post ? 'recurring.updated' : 'recurring.created') });
          onClose();
        },
        onError: (error) => {
          setErrors(error instanceof ApiRequestError ? serverErrors(error.fields) : {});
          setFailure(error);
        },
      },
    );
  };

  return (
    <Modal
      opened
      fullScreen
      onClose={onClose}
      title={t(post ? 'recurring.editTitle' : 'recurring.createTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Container size="md" px={0}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack>
            <div>
              {form.platforms.length > 0 && (
                <VersionTabs
                  receivers={versions.receivers}
                  versions={form.versions}
                  value={versions.key}
                  onChange={versions.setWriting}
                />
              )}
              <PostEditor value={versions.shown} onChange={versions.setShown} />
              <FieldError
                id="recurring-content-error"
                message={errors.content && t(errors.content, { max: RECURRING_CONTENT_MAX })}
              />
            </div>
            {versions.tab && (
              <VersionPanel
                receiver={versions.tab}
                version={versions.version}
                files={versions.files}
                media={form.media}
                onReset={versions.reset}
                onFiles={versions.setFiles}
              />
            )}
            {MediaUploaders && (
              <MediaUploaders
                media={form.media}
                onChange={(media) => change({ media })}
                onEditVideo={setEditingVideo}
              />
            )}
            <FieldError id="recurring-media-error" message={errors.media && t(errors.media)} />
            <div>
              <PlatformSelector value={form.platforms} onChange={(platforms) => change({ platforms })} />
              {unready.length > 0 && (
                <Alert color="yellow" variant="light" mt="xs" role="status">
                  <Text size="sm">{t('recurring.unready')}</Text>
                  <List size="sm" mt={4}>
                    {unready.map(({ platform, reason }) => (
                      <List.Item key={platform}>
                        {t(`sendCheck.reason.${reason}`, { platform: PLATFORM_NAMES[platform] })}
                      </List.Item>
                    ))}
                  </List>
                </Alert>
              )}
              <FieldError id="recurring-platforms-error" message={errors.platforms && t(errors.platforms)} />
              <AccountChooser
                platforms={form.platforms}
                value={form.accounts}
                onChange={(accounts) => change({ accounts })}
              />
              <FieldError id="recurring-accounts-error" message={errors.accounts && t(errors.accounts)} />
            </div>
            <ComposerChecks remaining={remaining} problems={problems} />
            <RuleFields form={form} errors={errors} zone={zone} editing={Boolean(post)} onChange={change} />
            <NextOccurrences rule={rule} zone={zone} />
            {failure !== null ? (
              <ServerProblem error={failure} />
            ) : (
              problem && (
                <Alert color="red" role="alert">
                  {problem}
                </Alert>
              )
            )}
            {post && (
              <Text size="sm" c="dimmed">
                {t('recurring.editNote')}
              </Text>
            )}
            {asksApproval && (
              <Text size="sm" c="dimmed">
                {t('recurring.approvalNote')}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} disabled={problems.length > 0}>
                {t(post ? 'recurring.save' : 'recurring.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Container>
      {editingVideo && EditVideo && (
        <EditVideo
          video={editingVideo}
          onClose={() => setEditingVideo(null)}
          onDone={(edits) => {
            change({ media: form.media.map((m) => (m.id === editingVideo.id ? { ...m, edits } : m)) });
            setEditingVideo(null);
          }}
        />
      )}
    </Modal>
  );
}

/**
 * The server's refusal in the reader's words: the spec's sentence when content or networks are missing,
 * and each network's problem when it checked rules the browser had not (an account type changed meanwhile).
 */
function ServerProblem({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation();
  let text = errorMessage(t, error);
  let problems: PlatformProblem[] = [];
  if (error instanceof ApiRequestError) {
    if (error.code === 'RECURRING_INCOMPLETE') text = t('recurring.fillRequired');
    if (error.code === 'NOT_FOUND') text = t('recurring.notFound');
    if (error.code === 'POST_NOT_PUBLISHABLE') {
      text = t('recurring.notPublishable');
      problems = (error.problems ?? []) as unknown as PlatformProblem[];
    }
  }
  return (
    <Alert color="red" role="alert">
      {text}
      {problems.length > 0 && (
        <List size="sm" mt={4}>
          {problems.map((p, i) => (
            <List.Item key={i}>{problemText(t, i18n.language, p)}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
