import { Alert, Group, Loader, Paper, Stack, Table, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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

function NextTry({ delivery }: { delivery: Delivery }) {
  const { t } = useTranslation();
  if (delivery.status !== 'retrying' || !delivery.nextAttemptAt) return null;
  return (
    <Text size="xs" c="dimmed">
      {t('webhooks.nextTry', { time: formatDateTime(delivery.nextAttemptAt) })}
    </Text>
  );
}

/** The log on a phone: one small card per delivery instead of a table to scroll sideways. */
function DeliveryCards({ list }: { list: Delivery[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} data-testid="delivery-log" aria-label={t('webhooks.logTitle')}>
      {list.map((d) => (
        <Paper key={d.id} withBorder p="xs">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm" fw={600}>
              {t(`webhooks.events.${d.event}`, { defaultValue: d.event })}
            </Text>
            <DeliveryStatusBadge status={d.status} />
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(d.lastAttemptAt ?? d.createdAt)} · {t('webhooks.attempt')} {d.attempts}
          </Text>
          <NextTry delivery={d} />
          <Response delivery={d} />
        </Paper>
      ))}
    </Stack>
  );
}

/** The endpoint's latest deliveries, newest first: event, status, answer, time and attempt. */
export function DeliveryLog({ webhookId }: { webhookId: string }) {
  const { t } = useTranslation();
  const deliveries = useDeliveries(webhookId, true);
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 1px))`, false, {
    getInitialValueInEffect: false,
  });
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
  if (phone) return <DeliveryCards list={list} />;
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
                <NextTry delivery={d} />
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
