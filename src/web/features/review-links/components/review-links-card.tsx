import { Badge, Button, Card, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewLink } from '../../../../shared/api/review-links.schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { useTimeZone } from '../../../lib/time-zone';
import { useCan } from '../../../lib/workspace-role';
import { useReviewLinks } from '../api/get-review-links';
import { useRevokeReviewLink } from '../api/revoke-review-link';
import { ShareForReviewButton } from './create-review-link-modal';

const STATE_COLOR: Record<ReviewLink['state'], string> = { active: 'green', expired: 'gray', revoked: 'red' };

/**
 * The workspace's client review links, for those who make them: each with its posts, who made it, until
 * when it works and when it was last opened, and Withdraw; Share for review makes one.
 */
export function ReviewLinksCard() {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const allowed = useCan('reviewLinks');
  const links = useReviewLinks(allowed);
  const revoke = useRevokeReviewLink();
  const [withdrawing, setWithdrawing] = useState<ReviewLink | null>(null);
  if (!allowed) return null;
  const when = (at: string | null) => (at ? formatDateTime(at, { timeZone: zone }) : t('reviewLinks.never'));
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="review-links-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="review-links-title">
          {t('reviewLinks.title')}
        </Title>
        <ShareForReviewButton />
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('reviewLinks.cardHelp')}
      </Text>
      {links.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : links.isError ? (
        <Text c="red" size="sm">
          {errorMessage(t, links.error)}
        </Text>
      ) : links.data.data.length === 0 ? (
        <Text size="sm">{t('reviewLinks.none')}</Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {links.data.data.map((link) => (
            <Paper key={link.id} component="li" withBorder p="sm" radius="sm">
              <Group justify="space-between" align="flex-start" gap="xs">
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Group gap="xs">
                    <Text size="sm" fw={600} dir="auto">
                      {link.label || t('reviewLinks.untitled')}
                    </Text>
                    <Badge variant="light" color={STATE_COLOR[link.state]}>
                      {t(`reviewLinks.states.${link.state}`)}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t('reviewLinks.madeBy', {
                      count: link.postCount,
                      who: link.createdBy ?? t('reviewLinks.someone'),
                      date: formatDateTime(link.createdAt, { timeZone: zone }),
                    })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {link.state === 'active' &&
                      `${t('reviewLinks.until', { date: when(link.expiresAt) })} · `}
                    {t('reviewLinks.lastOpened')}: {when(link.lastUsedAt)}
                  </Text>
                </Stack>
                {link.state === 'active' && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => setWithdrawing(link)}
                    aria-label={t('reviewLinks.withdrawNamed', {
                      name: link.label || t('reviewLinks.untitled'),
                    })}
                  >
                    {t('reviewLinks.withdraw')}
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {withdrawing && (
        <ConfirmDialog
          title={t('reviewLinks.withdrawTitle')}
          confirmLabel={t('reviewLinks.withdraw')}
          loading={revoke.isPending}
          onClose={() => setWithdrawing(null)}
          onConfirm={() =>
            revoke.mutate(withdrawing.id, {
              onSuccess: () => {
                notify({ color: 'green', message: t('reviewLinks.withdrawn') });
                setWithdrawing(null);
              },
              onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
            })
          }
        >
          {t('reviewLinks.withdrawHelp')}
        </ConfirmDialog>
      )}
    </Card>
  );
}
