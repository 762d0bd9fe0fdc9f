import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApiToken } from '../../../../shared/api/tokens.schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';

/** Asks before revoking: scripts holding the token stop working at once, and it cannot be undone. */
export function RevokeTokenDialog({
  token,
  owner,
  revoke,
  pending,
  onClose,
}: {
  token: ApiToken;
  /** Whose token it is, when an administrator revokes someone else's. */
  owner?: string;
  revoke: (id: string, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  pending: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const confirm = () =>
    revoke(token.id, {
      onSuccess: () => {
        notify({ color: 'green', message: t('apiTokens.revoked', { name: token.name }) });
        onClose();
      },
      onError: (error) => notify({ color: 'red', message: errorMessage(t, error, 'apiTokens.revokeFailed') }),
    });
  return (
    <ConfirmDialog
      title={t('apiTokens.revokeTitle')}
      confirmLabel={t('apiTokens.revoke')}
      loading={pending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Text>{t('apiTokens.revokeConfirm', { name: token.name })}</Text>
      {owner && (
        <Text size="sm" c="dimmed" mt="xs">
          {owner}
        </Text>
      )}
    </ConfirmDialog>
  );
}
