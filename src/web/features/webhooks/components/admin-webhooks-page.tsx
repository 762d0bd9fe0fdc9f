import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminWebhook } from '../../../../shared/api/webhooks.schemas';
import { PagedTable } from '../../../components/paged-table';
import { formatDate } from '../../../lib/format-date';
import { useDeleteAnyWebhook } from '../api/delete-admin-webhook';
import { ADMIN_WEBHOOKS_PAGE, useAdminWebhooks } from '../api/get-admin-webhooks';
import { DeleteWebhookDialog } from './delete-webhook-dialog';
import { WebhookEvents, WebhookState, WebhookUrl } from './webhook-parts';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

function DeleteButton({ webhook, onDelete }: { webhook: AdminWebhook; onDelete: (w: AdminWebhook) => void }) {
  const { t } = useTranslation();
  return (
    <Button
      size="compact-sm"
      variant="light"
      color="red"
      leftSection={<IconTrash size={14} aria-hidden />}
      aria-label={t('webhooks.deleteOf', { owner: webhook.owner.email })}
      onClick={() => onDelete(webhook)}
    >
      {t('webhooks.delete')}
    </Button>
  );
}

/** Administration › Webhooks: every user's endpoints with their owners, and deleting any of them. */
export function AdminWebhooksPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const webhooks = useAdminWebhooks(page);
  const remove = useDeleteAnyWebhook();
  const [deleting, setDeleting] = useState<AdminWebhook | null>(null);

  return (
    <Stack>
      <Title order={1}>{t('webhooks.adminTitle')}</Title>
      <Text c="dimmed">{t('webhooks.adminIntro')}</Text>
      <PagedTable
        query={webhooks}
        pageSize={ADMIN_WEBHOOKS_PAGE}
        page={page}
        onPage={setPage}
        failed={t('webhooks.fetchFailed')}
        empty={t('webhooks.noneAtAll')}
        cards={(list) => (
          <Stack gap="xs">
            {list.map((webhook) => (
              <Paper key={webhook.id} withBorder p="sm" component="article" aria-label={webhook.url}>
                <Stack gap={6}>
                  <WebhookUrl url={webhook.url} />
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {webhook.owner.email}
                  </Text>
                  <WebhookEvents webhook={webhook} />
                  <Group justify="space-between">
                    <WebhookState webhook={webhook} />
                    <DeleteButton webhook={webhook} onDelete={setDeleting} />
                  </Group>
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
        columns={[
          {
            header: t('webhooks.url'),
            cell: (webhook) => <WebhookUrl url={webhook.url} />,
            style: { maxWidth: 280 },
          },
          { header: t('webhooks.owner'), cell: (webhook) => webhook.owner.email, style: NO_WRAP },
          { header: t('webhooks.eventsLabel'), cell: (webhook) => <WebhookEvents webhook={webhook} /> },
          { header: t('webhooks.created'), cell: (webhook) => formatDate(webhook.createdAt), style: NO_WRAP },
          { header: t('webhooks.statusLabel'), cell: (webhook) => <WebhookState webhook={webhook} /> },
          {
            header: t('users.actions'),
            cell: (webhook) => <DeleteButton webhook={webhook} onDelete={setDeleting} />,
          },
        ]}
      />
      {deleting && (
        <DeleteWebhookDialog
          webhook={deleting}
          owner={deleting.owner.email}
          remove={remove.mutate}
          pending={remove.isPending}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}
