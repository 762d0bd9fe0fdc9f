import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PostWrite } from '../../../../shared/api/posts.schemas';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import { PlatformIcon } from '../../../components/platform-icon';
import type { Unready } from '../../../lib/accounts';

/**
 * Asked before Post now or Schedule when a selected network has no account or needs reconnecting: which
 * ones, a way to Manage Platforms (the list follows as accounts are connected there), and Go on / Cancel.
 * Post now when none of the networks can take the post is refused: nothing would go out (issue 26).
 */
export function SendCheckDialog({
  action,
  unready,
  refused = false,
  manageAccounts,
  onGoOn,
  onCancel,
}: {
  action: Extract<PostWrite['action'], 'publish_now' | 'schedule'>;
  unready: Unready[];
  /** Post now with no network able to take it: no Go on, only what to connect. */
  refused?: boolean;
  /** Manage Platforms, given by the app (the connections feature is not the composer's to import). */
  manageAccounts?: ReactNode;
  onGoOn: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onCancel}
      title={t('sendCheck.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      <Stack gap="sm">
        {unready.length ? (
          <>
            <Text size="sm">
              {t(
                refused
                  ? 'sendCheck.refusedNow'
                  : action === 'publish_now'
                    ? 'sendCheck.introNow'
                    : 'sendCheck.introSchedule',
              )}
            </Text>
            <List spacing={6} listStyleType="none" aria-label={t('sendCheck.listLabel')}>
              {unready.map(({ platform, reason }) => (
                <List.Item key={platform} icon={<PlatformIcon platform={platform} size={18} />}>
                  <Text size="sm" fw={500}>
                    {t(`sendCheck.reason.${reason}`, { platform: PLATFORM_NAMES[platform] })}
                  </Text>
                </List.Item>
              ))}
            </List>
            {!refused && (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
                <Text size="sm">{t('sendCheck.hint')}</Text>
              </Alert>
            )}
          </>
        ) : (
          <Text size="sm" role="status">
            {t('sendCheck.allConnected')}
          </Text>
        )}
        <Group justify="space-between" gap="xs" mt="xs">
          {manageAccounts ?? <span />}
          <Group gap="xs">
            <Button variant="default" onClick={onCancel} data-autofocus>
              {t('common.cancel')}
            </Button>
            {!(refused && unready.length) && <Button onClick={onGoOn}>{t('sendCheck.goOn')}</Button>}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
