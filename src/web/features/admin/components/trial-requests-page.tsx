import { Alert, Badge, Button, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrialApproval, TrialRequest } from '../../../../shared/api/admin.schemas';
import { isSuperAdmin } from '../../../../shared/roles';
import { CopyableSecret } from '../../../components/copyable-secret';
import { errorMessage } from '../../../lib/error-message';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { useProfile } from '../../../lib/session';
import { useDecideTrial } from '../api/decide-trial';
import { useTrialRequests } from '../api/get-trial-requests';

const STATUS_COLOR: Record<TrialRequest['status'], string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'gray',
};

/** Admins see the requests; a super_admin approves (creating the trial account) or rejects them. */
export function TrialRequestsPage() {
  const { t } = useTranslation();
  const { data: me } = useProfile();
  const requests = useTrialRequests();
  const decide = useDecideTrial();
  const canDecide = Boolean(me && isSuperAdmin(me.role));
  // No mail can leave this server: the approver passes the set-password link on by hand.
  const [handed, setHanded] = useState<TrialApproval | null>(null);

  const onDecide = (request: TrialRequest, decision: 'approve' | 'reject') =>
    decide.mutate(
      { id: request.id, decision },
      {
        onSuccess: (answer) => {
          if (answer.setPasswordLink) return setHanded(answer);
          notify({
            color: 'green',
            message: t(decision === 'approve' ? 'trials.approved' : 'trials.rejected', {
              email: request.email,
            }),
          });
        },
        onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
      },
    );

  return (
    <Stack>
      <Modal opened={handed !== null} onClose={() => setHanded(null)} title={t('trials.linkTitle')}>
        {handed?.setPasswordLink && (
          <Stack>
            <Text>
              {t('trials.linkNoMail', {
                email: handed.email,
                date: formatDate(handed.setPasswordLinkExpiresAt!),
              })}
            </Text>
            <CopyableSecret
              value={handed.setPasswordLink}
              label={t('trials.link')}
              copyLabel={t('trials.copyLink')}
              copiedLabel={t('trials.copied')}
              testId="trial-link"
            />
            <Group justify="flex-end">
              <Button onClick={() => setHanded(null)}>{t('trials.done')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <Title order={1}>{t('trials.title')}</Title>
      {requests.isPending && <Loader aria-label={t('common.loading')} />}
      {requests.isError && (
        <Alert color="red" role="alert">
          {t('errors.generic')}
        </Alert>
      )}
      {requests.data?.length === 0 && <Text c="dimmed">{t('trials.none')}</Text>}
      {requests.data && requests.data.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('trial.name')}</Table.Th>
                <Table.Th>{t('trial.email')}</Table.Th>
                <Table.Th>{t('trials.company')}</Table.Th>
                <Table.Th>{t('trials.requestedAt')}</Table.Th>
                <Table.Th>{t('trials.status')}</Table.Th>
                {canDecide && <Table.Th>{t('users.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {requests.data.map((request) => (
                <Table.Tr key={request.id}>
                  <Table.Td>{request.name}</Table.Td>
                  <Table.Td>{request.email}</Table.Td>
                  <Table.Td>{request.company ?? '—'}</Table.Td>
                  <Table.Td>{formatDateTime(request.createdAt)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[request.status]} variant="light">
                      {t(`trials.statuses.${request.status}`)}
                    </Badge>
                  </Table.Td>
                  {canDecide && (
                    <Table.Td>
                      {request.status === 'pending' && (
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            onClick={() => onDecide(request, 'approve')}
                            loading={decide.isPending && decide.variables?.id === request.id}
                          >
                            {t('trials.approve')}
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => onDecide(request, 'reject')}
                            disabled={decide.isPending}
                          >
                            {t('trials.reject')}
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
