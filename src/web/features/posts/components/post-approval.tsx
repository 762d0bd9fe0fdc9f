import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Loader, Modal, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import { IconCheck, IconMessageReport } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type PostEvent, RejectBodySchema } from '../../../../shared/api/approvals.schemas';
import type { Post } from '../../../../shared/api/posts.schemas';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import type { Platform } from '../../../../shared/platforms/rules';
import { applyFieldErrors, errorMessage, fieldError } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { useCan } from '../../../lib/workspace-role';
import { useApprovePost, usePostHistory, useRejectPost } from '../api/approve-post';

/** Sending a post back: why, for its author. */
function RejectDialog({ post, onClose, onDone }: { post: Post; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const reject = useRejectPost();
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(RejectBodySchema),
    defaultValues: { reason: '' },
  });
  const submit = form.handleSubmit(({ reason }) =>
    reject.mutate(
      { id: post.id, reason },
      {
        onSuccess: () => {
          notify({ color: 'green', message: t('approvals.rejected') });
          onDone();
        },
        onError: (error) => {
          applyFieldErrors(error, form.setError);
          notify({ color: 'red', message: errorMessage(t, error, 'approvals.failed') });
        },
      },
    ),
  );
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('approvals.rejectTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Textarea
            label={t('approvals.reason')}
            description={t('approvals.reasonHelp')}
            autosize
            minRows={3}
            data-autofocus
            {...form.register('reason')}
            error={fieldError(t, form.formState.errors, 'reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={reject.isPending}>
              {t('approvals.reject')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * For a post that waits for approval: Approve and Send back, to those who may approve (the approval is
 * for what is shown: its `contentHash`); to others, that it waits. A post sent back shows why.
 */
export function ApprovalBar({ post, onDecided }: { post: Post; onDecided: () => void }) {
  const { t } = useTranslation();
  const mayApprove = useCan('approve');
  const approve = useApprovePost();
  const [rejecting, setRejecting] = useState(false);
  if (post.status === 'draft' && post.reviewNote)
    return (
      <Alert
        color="orange"
        icon={<IconMessageReport size={18} aria-hidden />}
        title={t('approvals.sentBack')}
      >
        <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
          {post.reviewNote}
        </Text>
      </Alert>
    );
  if (post.status === 'not_approved')
    return (
      <Alert color="red" title={t('approvals.notApprovedTitle')}>
        {t('approvals.notApprovedHelp')}
      </Alert>
    );
  if (post.status !== 'awaiting_approval') return null;
  return (
    <Alert color="grape" title={t('approvals.waitingTitle')}>
      <Stack gap="sm">
        <Text size="sm">{post.scheduledAt ? t('approvals.waitingHelp') : t('approvals.waitingNowHelp')}</Text>
        {mayApprove && (
          <Group gap="sm">
            <Button
              color="green"
              leftSection={<IconCheck size={16} aria-hidden />}
              loading={approve.isPending}
              onClick={() =>
                approve.mutate(
                  { id: post.id, hash: post.contentHash },
                  {
                    onSuccess: () => {
                      notify({ color: 'green', message: t('approvals.approved') });
                      onDecided();
                    },
                    onError: (error) =>
                      notify({ color: 'red', message: errorMessage(t, error, 'approvals.failed') }),
                  },
                )
              }
            >
              {t('approvals.approve')}
            </Button>
            <Button variant="default" color="red" onClick={() => setRejecting(true)}>
              {t('approvals.reject')}
            </Button>
          </Group>
        )}
      </Stack>
      {rejecting && (
        <RejectDialog
          post={post}
          onClose={() => setRejecting(false)}
          onDone={() => {
            setRejecting(false);
            onDecided();
          }}
        />
      )}
    </Alert>
  );
}

/** One line of a post's history, in words. */
function eventText(t: TFunction, event: PostEvent, zone: string): string {
  const who = event.actor ?? t('history.postwell');
  const at = event.scheduledAt ? formatDateTime(event.scheduledAt, { timeZone: zone }) : null;
  const network = event.platform ? (PLATFORM_NAMES[event.platform as Platform] ?? event.platform) : '';
  return t(`history.kinds.${event.kind}`, { who, at: at ?? t('history.atOnce'), network });
}

/** Who did what to the post and when, oldest first, with each network's publication. */
export function PostHistoryList({ post, zone }: { post: Post; zone: string }) {
  const { t } = useTranslation();
  const history = usePostHistory(post.id, post.updatedAt);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('history.title')}
      </Title>
      {history.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : history.isError ? (
        <Text size="sm" c="red">
          {errorMessage(t, history.error)}
        </Text>
      ) : history.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('history.none')}
        </Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2} active={history.data.data.length - 1}>
          {history.data.data.map((event, i) => (
            <Timeline.Item key={i}>
              <Text size="sm">{eventText(t, event, zone)}</Text>
              {event.reason && (
                <Text size="sm" c="dimmed" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
                  {event.reason}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {formatDateTime(event.at, { timeZone: zone })}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Stack>
  );
}
