import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Webhook } from '../../../../shared/api/webhooks.schemas';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { CreateWebhookDialog } from './create-webhook-dialog';
import { DeleteWebhookDialog } from './delete-webhook-dialog';
import { WebhookItem } from './webhook-item';

/** The Profile page's "Webhooks" section: the user's endpoints, adding one, and each one's log. */
export function WebhooksCard() {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const remove = useDeleteWebhook();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="webhooks-title">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <div style={{ flex: '1 1 16rem' }}>
            <Title order={2} size="h3" id="webhooks-title">
              {t('webhooks.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('webhooks.intro')}
            </Text>
          </div>
          <Button leftSection={<IconWebhook size={18} aria-hidden />} onClick={() => setCreating(true)}>
            {t('webhooks.add')}
          </Button>
        </Group>
        {webhooks.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
        {webhooks.isError && (
          <Alert color="red" role="alert">
            {t('webhooks.fetchFailed')}
          </Alert>
        )}
        {webhooks.data?.data.length === 0 && <Text c="dimmed">{t('webhooks.none')}</Text>}
        {webhooks.data?.data.map((webhook) => (
          <WebhookItem key={webhook.id} webhook={webhook} onDelete={setDeleting} />
        ))}
      </Stack>
      {creating && <CreateWebhookDialog onClose={() => setCreating(false)} />}
      {deleting && (
        <DeleteWebhookDialog
          webhook={deleting}
          remove={remove.mutate}
          pending={remove.isPending}
          onClose={() => setDeleting(null)}
        />
      )}
    </Card>
  );
}
