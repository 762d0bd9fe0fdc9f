import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Webhook } from '../../../../shared/api/webhooks.schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { WebhookUrl } from './webhook-parts';

/** Asks before deleting: the endpoint stops receiving events, and its delivery log goes with it. */
export function DeleteWebhookDialog({
  webhook,
  owner,
  remove,
  pending,
  onClose,
}: {
  webhook: Webhook;
  /** Whose endpoint it is, when an administrator deletes someone else's. */
  owner?: string;
  remove: (id: string, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  pending: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const confirm = () =>
    remove(webhook.id, {
      onSuccess: () => {
        notify({ color: 'green', message: t('webhooks.deleted') });
        onClose();
      },
      onError: (error) => notify({ color: 'red', message: errorMessage(t, error, 'webhooks.deleteFailed') }),
    });
  return (
    <ConfirmDialog
      title={t('webhooks.deleteTitle')}
      confirmLabel={t('webhooks.delete')}
      loading={pending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Stack gap="xs">
        <Text>{t('webhooks.deleteConfirm')}</Text>
        <WebhookUrl url={webhook.url} />
        {owner && (
          <Text size="sm" c="dimmed">
            {owner}
          </Text>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
