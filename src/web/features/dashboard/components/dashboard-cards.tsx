import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Dashboard } from '../../../../shared/api/dashboard.schemas';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import { PLATFORM_ICONS } from '../../../components/platform-icon';
import { LiveLinks, PostLine, PostText, useDateTimeFormat } from './post-line';
import { SectionCard } from './section-card';

/** Where the composer opens a saved post (the post manager reads `edit`). */
export const editLink = (id: string) => `/posts?edit=${encodeURIComponent(id)}`;

/** What goes out in the next seven days, soonest first. */
export function UpcomingCard({ list }: { list: Dashboard['upcoming'] }) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  return (
    <SectionCard
      id="dashboard-upcoming"
      title={t('dashboard.upcoming')}
      total={list.total}
      shown={list.items.length}
      empty={t('dashboard.noUpcoming')}
      more={{ to: '/posts', label: t('dashboard.openCalendar') }}
    >
      {list.items.map((post) => (
        <PostLine key={post.id} post={post} time={format.format(new Date(post.at))} />
      ))}
    </SectionCard>
  );
}

/**
 * Posts waiting for approval (issue 25): for one who may approve, the workspace's, each with Review,
 * which opens the post to approve or send back; for a contributor, their own.
 */
export function AwaitingCard({
  list,
  recurring,
  onReview,
}: {
  list: Dashboard['awaiting'];
  /** Recurring posts waiting for their approval, approved in the recurring posts. */
  recurring: number;
  /** Opens the post (the app's post details), when the reader may approve. */
  onReview?: (id: string) => void;
}) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  return (
    <SectionCard
      id="dashboard-awaiting"
      title={onReview ? t('dashboard.awaitingYou') : t('dashboard.awaitingMine')}
      total={list.total}
      shown={list.items.length}
      empty={
        recurring > 0 ? undefined : onReview ? t('dashboard.noAwaitingYou') : t('dashboard.noAwaitingMine')
      }
      footer={
        recurring > 0 && (
          <Anchor component={Link} to="/posts?view=recurring" size="sm" mt="xs" display="block">
            {t('dashboard.awaitingRecurring', { count: recurring })}
          </Anchor>
        )
      }
    >
      {list.items.map((post) => (
        <PostLine
          key={post.id}
          post={post}
          time={post.scheduledAt ? format.format(new Date(post.scheduledAt)) : t('dashboard.onceApproved')}
        >
          {onReview && (
            <Group>
              <Button size="compact-sm" variant="light" color="grape" onClick={() => onReview(post.id)}>
                {t('dashboard.review')}
              </Button>
            </Group>
          )}
        </PostLine>
      ))}
    </SectionCard>
  );
}

/** What came out, newest first, with the live posts. */
export function RecentCard({ list }: { list: Dashboard['recent'] }) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  return (
    <SectionCard
      id="dashboard-recent"
      title={t('dashboard.recent')}
      total={list.total}
      shown={list.items.length}
      empty={t('dashboard.noRecent')}
    >
      {list.items.map((post) => (
        <PostLine
          key={post.id}
          post={post}
          time={t('dashboard.publishedAt', { time: format.format(new Date(post.at)) })}
        >
          <LiveLinks post={post} />
        </PostLine>
      ))}
    </SectionCard>
  );
}

/** The newest drafts, each opening in the composer. */
export function DraftsCard({ list }: { list: Dashboard['drafts'] }) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  return (
    <SectionCard
      id="dashboard-drafts"
      title={t('dashboard.drafts')}
      total={list.total}
      shown={list.items.length}
      empty={t('dashboard.noDrafts')}
      more={{ to: '/posts?tab=drafts', label: t('dashboard.allDrafts') }}
    >
      {list.items.map((draft) => (
        <Stack
          key={draft.id}
          gap={6}
          component="li"
          py="xs"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Text size="xs" c="dimmed" fw={600}>
            {draft.scheduledAt
              ? t('dashboard.draftFor', { time: format.format(new Date(draft.scheduledAt)) })
              : t('dashboard.noDate')}
          </Text>
          <PostText card={draft.card} />
          <Group justify="space-between" gap="xs">
            <Group gap={6}>
              {draft.platforms.map((platform) => {
                const Icon = PLATFORM_ICONS[platform];
                return <Icon key={platform} size={16} role="img" aria-label={PLATFORM_NAMES[platform]} />;
              })}
              <Text size="xs" c="dimmed">
                {t('dashboard.editedAt', { time: format.format(new Date(draft.updatedAt)) })}
              </Text>
            </Group>
            <Button
              component={Link}
              to={editLink(draft.id)}
              size="compact-sm"
              variant="light"
              leftSection={<IconPencil size={14} aria-hidden />}
            >
              {t('dashboard.openDraft')}
            </Button>
          </Group>
        </Stack>
      ))}
    </SectionCard>
  );
}

/** Accounts a network stopped accepting, and the way to reconnect them (`action`, given by the app). */
export function AccountsCard({ accounts, action }: { accounts: Dashboard['reconnect']; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <SectionCard
      id="dashboard-accounts"
      title={t('dashboard.accounts')}
      total={accounts.length}
      shown={accounts.length}
      empty={t('dashboard.noReconnect')}
    >
      {accounts.map((account) => {
        const Icon = PLATFORM_ICONS[account.platform];
        return (
          <Stack
            key={account.platform}
            gap={6}
            component="li"
            py="xs"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Group gap="xs" wrap="nowrap">
              <Icon size={18} aria-hidden />
              <Text size="sm" fw={600}>
                {t('dashboard.needsReconnect', {
                  platform: PLATFORM_NAMES[account.platform],
                  username: account.username,
                })}
              </Text>
            </Group>
          </Stack>
        );
      })}
      {accounts.length > 0 && action && (
        <Group component="li" pt="xs">
          {action}
        </Group>
      )}
    </SectionCard>
  );
}
