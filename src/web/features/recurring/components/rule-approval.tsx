import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RejectBodySchema } from '../../../../shared/api/approvals.schemas';
import type { RecurringPost } from '../../../../shared/api/recurring.schemas';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useCan } from '../../../lib/workspace-role';
import { useApproveRecurringPost } from '../api/approve-recurring-post';
import { useRejectRecurringPost } from '../api/reject-recurring-post';

/**
 * A recurring post that waits for its one approval: Approve and Send back for those who may approve,
 * that it waits for the others; one sent back shows why.
 */
export function RuleApproval({ post }: { post: RecurringPost }) {
  const { t } = useTranslation();
  const mayApprove = useCan('approve');
  const approve = useApproveRecurringPost();
  const reject = useRejectRecurringPost();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const failed = (failure: Error) =>
    notify({ color: 'red', message: errorMessage(t, failure, 'approvals.failed') });
  if (post.approvalStatus === 'rejected')
    return (
      <Alert color="orange" title={t('recurring.sentBack')}>
        <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
          {post.reviewNote}
        </Text>
      </Alert>
    );
  if (post.approvalStatus !== 'awaiting_approval') return null;
  return (
    <Alert color="grape" title={t('approvals.waitingTitle')}>
      <Stack gap="sm">
        <Text size="sm">{t('recurring.waitingHelp')}</Text>
        {mayApprove && !rejecting && (
          <Group gap="sm">
            <Button
              color="green"
              leftSection={<IconCheck size={16} aria-hidden />}
              loading={approve.isPending}
              onClick={() =>
                approve.mutate(
                  { id: post.id, hash: post.contentHash },
                  {
                    onSuccess: () => notify({ color: 'green', message: t('recurring.approved') }),
                    onError: failed,
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
        {rejecting && (
          <Stack gap="xs">
            <Textarea
              label={t('approvals.reason')}
              description={t('approvals.reasonHelp')}
              autosize
              minRows={2}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={error}
            />
            <Group gap="xs">
              <Button
                color="red"
                loading={reject.isPending}
                onClick={() => {
                  const checked = RejectBodySchema.safeParse({ reason });
                  if (!checked.success) return setError(t(checked.error.issues[0]!.message));
                  reject.mutate(
                    { id: post.id, reason: checked.data.reason },
                    {
                      onSuccess: () => {
                        notify({ color: 'green', message: t('approvals.rejected') });
                        setRejecting(false);
                      },
                      onError: failed,
                    },
                  );
                }}
              >
                {t('approvals.reject')}
              </Button>
              <Button variant="default" onClick={() => setRejecting(false)}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Alert>
  );
}
