import { Button, Collapse, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconListDetails, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Webhook } from '../../../../shared/api/webhooks.schemas';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { useSendTest } from '../api/send-test';
import { useSetWebhookEnabled } from '../api/update-webhook';
import { DeliveryLog } from './delivery-log';
import { WebhookEvents, WebhookUrl } from './webhook-parts';

/** One endpoint on the Profile page: its URL and events, on/off, a test, its log, deleting it. */
export function WebhookItem({
  webhook,
  onDelete,
}: {
  webhook: Webhook;
  onDelete: (webhook: Webhook) => void;
}) {
  const { t } = useTranslation();
  const [logOpen, setLogOpen] = useState(false);
  const toggle = useSetWebhookEnabled();
  const test = useSendTest(webhook.id);
  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: () => {
        setLogOpen(true);
        notify({ color: 'green', message: t('webhooks.testQueued') });
      },
      onError: (error) => {
        const code = error instanceof ApiRequestError ? error.code : '';
        const key =
          code === 'RATE_LIMITED'
            ? 'webhooks.testTooMany'
            : code === 'WEBHOOK_DISABLED'
              ? 'webhooks.testDisabled'
              : '';
        notify({ color: 'red', message: key ? t(key) : errorMessage(t, error, 'webhooks.testFailed') });
      },
    });
  return (
    <Paper withBorder p="sm" component="article" aria-label={webhook.url}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <WebhookUrl url={webhook.url} />
            <WebhookEvents webhook={webhook} />
          </Stack>
          <Switch
            checked={webhook.enabled}
            disabled={toggle.isPending}
            label={t(webhook.enabled ? 'webhooks.on' : 'webhooks.off')}
            aria-label={t('webhooks.enabledLabel')}
            onChange={(event) =>
              toggle.mutate(
                { id: webhook.id, enabled: event.currentTarget.checked },
                {
                  onError: (error) =>
                    notify({ color: 'red', message: errorMessage(t, error, 'webhooks.updateFailed') }),
                },
              )
            }
            style={{ flexShrink: 0 }}
          />
        </Group>
        <Text size="xs" c="dimmed">
          {t('webhooks.createdOn', { date: formatDate(webhook.createdAt) })} ·{' '}
          {t('webhooks.secretStarts', { prefix: `\u2066${webhook.secretPrefix}…\u2069` })}
        </Text>
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconSend size={14} aria-hidden />}
            loading={test.isPending}
            disabled={!webhook.enabled}
            onClick={sendTest}
          >
            {t('webhooks.sendTest')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconListDetails size={14} aria-hidden />}
            aria-expanded={logOpen}
            onClick={() => setLogOpen((open) => !open)}
          >
            {t(logOpen ? 'webhooks.hideLog' : 'webhooks.showLog')}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => onDelete(webhook)}
          >
            {t('webhooks.delete')}
          </Button>
        </Group>
        <Collapse expanded={logOpen}>{logOpen && <DeliveryLog webhookId={webhook.id} />}</Collapse>
      </Stack>
    </Paper>
  );
}
