import { Alert, Loader, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Delivery } from '../../../../shared/api/webhooks.schemas';
import { formatDateTime } from '../../../lib/format-date';
import { useDeliveries } from '../api/get-deliveries';
import { DeliveryStatusBadge } from './webhook-parts';

/** What the receiver answered: its status code, or why there was no answer. */
function Response({ delivery }: { delivery: Delivery }) {
  const { t } = useTranslation();
  if (delivery.responseCode !== null)
    return (
      <Stack gap={0}>
        <Text size="sm">{delivery.responseCode}</Text>
        {delivery.responseExcerpt && (
          <Text size="xs" c="dimmed" dir="auto" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {delivery.responseExcerpt}
          </Text>
        )}
      </Stack>
    );
  if (delivery.errorCode)
    return (
      <Text size="sm">
        {t(`webhooks.errors.${delivery.errorCode}`, { defaultValue: delivery.errorCode })}
      </Text>
    );
  return <Text size="sm">—</Text>;
}

/** The endpoint's latest deliveries, newest first: event, status, answer, time and attempt. */
export function DeliveryLog({ webhookId }: { webhookId: string }) {
  const { t } = useTranslation();
  const deliveries = useDeliveries(webhookId, true);
  if (deliveries.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (deliveries.isError)
    return (
      <Alert color="red" role="alert">
        {t('webhooks.logFailed')}
      </Alert>
    );
  const list = deliveries.data.data;
  if (!list.length)
    return (
      <Text size="sm" c="dimmed">
        {t('webhooks.logEmpty')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing={4} aria-label={t('webhooks.logTitle')} data-testid="delivery-log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('webhooks.time')}</Table.Th>
            <Table.Th>{t('webhooks.event')}</Table.Th>
            <Table.Th>{t('webhooks.statusLabel')}</Table.Th>
            <Table.Th>{t('webhooks.response')}</Table.Th>
            <Table.Th>{t('webhooks.attempt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(d.lastAttemptAt ?? d.createdAt)}
              </Table.Td>
              <Table.Td>{t(`webhooks.events.${d.event}`, { defaultValue: d.event })}</Table.Td>
              <Table.Td>
                <DeliveryStatusBadge status={d.status} />
                {d.status === 'retrying' && d.nextAttemptAt && (
                  <Text size="xs" c="dimmed">
                    {t('webhooks.nextTry', { time: formatDateTime(d.nextAttemptAt) })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Response delivery={d} />
              </Table.Td>
              <Table.Td>{d.attempts}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
