import { Alert, type AlertProps, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PLATFORMS } from '../../../../shared/platforms/rules';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import { useProfile } from '../../../lib/session';
import { ManagePlatformsButton } from './manage-platforms-button';

/** A warning while any connected account needs reconnecting: its posts cannot go out until it is. */
export function ReconnectAlert(props: AlertProps) {
  const { t, i18n } = useTranslation();
  const { data: profile } = useProfile();
  const broken = PLATFORMS.filter((p) => profile?.connections[p]?.status === 'needs_reconnect').map(
    (p) => PLATFORM_NAMES[p],
  );
  if (!broken.length) return null;
  const networks = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(broken);
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t('connections.reconnectAlert.title')}
      icon={<IconAlertTriangle size={20} aria-hidden />}
      role="alert"
      {...props}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('connections.reconnectAlert.body', { networks })}</Text>
        <ManagePlatformsButton color="yellow" variant="filled" size="xs" autoContrast />
      </Group>
    </Alert>
  );
}
