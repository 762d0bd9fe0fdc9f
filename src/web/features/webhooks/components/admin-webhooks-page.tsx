import {
  Alert,
  Button,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminWebhook } from '../../../../shared/api/webhooks.schemas';
import { formatDate } from '../../../lib/format-date';
import { useDeleteAnyWebhook } from '../api/delete-admin-webhook';
import { ADMIN_WEBHOOKS_PAGE, useAdminWebhooks } from '../api/get-admin-webhooks';
import { DeleteWebhookDialog } from './delete-webhook-dialog';
import { WebhookEvents, WebhookState, WebhookUrl } from './webhook-parts';

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
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 1px))`, false, {
    getInitialValueInEffect: false,
  });
  const list = webhooks.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((webhooks.data?.total ?? 0) / ADMIN_WEBHOOKS_PAGE));

  return (
    <Stack>
      <Title order={1}>{t('webhooks.adminTitle')}</Title>
      <Text c="dimmed">{t('webhooks.adminIntro')}</Text>
      {webhooks.isPending && <Loader aria-label={t('common.loading')} />}
      {webhooks.isError && (
        <Alert color="red" role="alert">
          {t('webhooks.fetchFailed')}
        </Alert>
      )}
      {webhooks.data && list.length === 0 && <Text c="dimmed">{t('webhooks.noneAtAll')}</Text>}
      {list.length > 0 && phone && (
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
      {list.length > 0 && !phone && (
        <Table.ScrollContainer minWidth={880}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('webhooks.url')}</Table.Th>
                <Table.Th>{t('webhooks.owner')}</Table.Th>
                <Table.Th>{t('webhooks.eventsLabel')}</Table.Th>
                <Table.Th>{t('webhooks.created')}</Table.Th>
                <Table.Th>{t('webhooks.statusLabel')}</Table.Th>
                <Table.Th>{t('users.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((webhook) => (
                <Table.Tr key={webhook.id}>
                  <Table.Td style={{ maxWidth: 280 }}>
                    <WebhookUrl url={webhook.url} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{webhook.owner.email}</Table.Td>
                  <Table.Td>
                    <WebhookEvents webhook={webhook} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(webhook.createdAt)}</Table.Td>
                  <Table.Td>
                    <WebhookState webhook={webhook} />
                  </Table.Td>
                  <Table.Td>
                    <DeleteButton webhook={webhook} onDelete={setDeleting} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': t(`users.page.${control}`) })}
          />
        </Group>
      )}
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
