import { Badge, Code, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DeliveryStatus, Webhook } from '../../../../shared/api/webhooks.schemas';

/** The endpoint's URL as written: left to right whatever the page's direction, wrapped anywhere. */
export function WebhookUrl({ url }: { url: string }) {
  return (
    <Code dir="ltr" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
      {url}
    </Code>
  );
}

/** The events an endpoint receives, and whether it hears every user's (an administrator's). */
export function WebhookEvents({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {webhook.scope === 'all' && (
        <Badge variant="filled" color="grape" size="sm">
          {t('webhooks.scopeAllBadge')}
        </Badge>
      )}
      {webhook.events.map((event) => (
        <Badge key={event} variant="light" size="sm" style={{ textTransform: 'none' }}>
          {t(`webhooks.events.${event}`)}
        </Badge>
      ))}
    </Group>
  );
}

export function WebhookState({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={webhook.enabled ? 'green' : 'gray'} style={{ flexShrink: 0 }}>
      {t(webhook.enabled ? 'webhooks.on' : 'webhooks.off')}
    </Badge>
  );
}

const STATUS_COLORS: Record<DeliveryStatus, string> = {
  pending: 'blue',
  delivering: 'blue',
  retrying: 'orange',
  succeeded: 'green',
  failed: 'red',
};

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} style={{ flexShrink: 0 }}>
      {t(`webhooks.status.${status}`)}
    </Badge>
  );
}
