import {
  Anchor,
  Badge,
  Group,
  Pagination,
  ScrollArea,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconExternalLink, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type {
  AnalyticsPost,
  AnalyticsPostList,
  AnalyticsSort,
} from '../../../../shared/api/analytics.schemas';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import { PlatformIcon } from '../../../components/platform-icon';
import { formatDateTime } from '../../../lib/format-date';
import { POSTS_PAGE, type PostsSort } from '../api/get-posts';
import { Figure, useCount } from './figure';
import { readFailureText } from './read-failure';

const FIGURES = ['likes', 'shares', 'comments', 'reach', 'impressions'] as const;
const STATE_COLORS = { collecting: 'blue', paused: 'yellow', finished: 'gray', failed: 'red' } as const;

/** A column header that sorts: the same column again flips the order. */
function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: AnalyticsSort;
  sort: PostsSort;
  onSort: (s: PostsSort) => void;
}) {
  const { t } = useTranslation();
  const active = sort.sort === column;
  const Icon = !active ? IconSelector : sort.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort({ sort: column, order: active && sort.order === 'desc' ? 'asc' : 'desc' })}
      >
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={600}>
            {t(`analytics.${column}`)}
          </Text>
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** Where the post's figures stand, in words; a paused or failed reading says why. */
function StateBadge({ post }: { post: AnalyticsPost }) {
  const { t, i18n } = useTranslation();
  const reason = post.code ? readFailureText(t, i18n, post.code, PLATFORM_NAMES[post.platform]) : null;
  const badge = (
    <Badge
      color={STATE_COLORS[post.state]}
      variant="light"
      tt="none"
      // The table's last column is narrow: the whole word, never "Finis…".
      styles={{ root: { maxWidth: 'none' }, label: { overflow: 'visible', textOverflow: 'clip' } }}
    >
      {t(`analytics.states.${post.state}`)}
    </Badge>
  );
  return reason ? (
    <Tooltip label={reason} multiline w={280} withArrow>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- Mantine's Tooltip opens on its child's focus: focusable so a keyboard can read the reason, which is its name too */}
      <span tabIndex={0} aria-label={`${t(`analytics.states.${post.state}`)}: ${reason}`}>
        {badge}
      </span>
    </Tooltip>
  ) : (
    badge
  );
}

/**
 * People's clicks on the post's short links on that network, with the link crawlers' and bots' requests
 * under them; "—" when it went out without a short link.
 */
function Clicks({ post }: { post: AnalyticsPost }) {
  const { t } = useTranslation();
  const count = useCount();
  if (post.clicks === null)
    return (
      <Text size="sm" c="dimmed" aria-label={t('analytics.noShortLinks')} title={t('analytics.noShortLinks')}>
        —
      </Text>
    );
  return (
    <>
      <Text size="sm">{count(post.clicks)}</Text>
      {!!post.botClicks && (
        <Text size="xs" c="dimmed">
          {t('analytics.botClicks', { n: count(post.botClicks) })}
        </Text>
      )}
    </>
  );
}

/** Each published post with its latest figures, sortable, linked to the live post; scrolls sideways on a phone. */
export function PostsTable({
  list,
  sort,
  onSort,
  page,
  onPage,
}: {
  list: AnalyticsPostList;
  sort: PostsSort;
  onSort: (sort: PostsSort) => void;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const pages = Math.ceil(list.total / POSTS_PAGE);
  return (
    <>
      <ScrollArea type="auto" offsetScrollbars>
        <Table striped highlightOnHover miw={1060} data-testid="analytics-posts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('analytics.post')}</Table.Th>
              <SortHeader column="platform" sort={sort} onSort={onSort} />
              <SortHeader column="publishedAt" sort={sort} onSort={onSort} />
              {FIGURES.map((figure) => (
                <SortHeader key={figure} column={figure} sort={sort} onSort={onSort} />
              ))}
              <Table.Th>{t('analytics.clicks')}</Table.Th>
              <Table.Th>{t('analytics.lastReadColumn')}</Table.Th>
              <Table.Th>{t('analytics.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.items.map((post) => (
              <Table.Tr key={`${post.postId}-${post.platform}`}>
                <Table.Td maw={260}>
                  {post.remoteUrl ? (
                    <Anchor
                      href={post.remoteUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="sm"
                      lineClamp={2}
                    >
                      {post.excerpt || t('analytics.noText')}{' '}
                      <IconExternalLink
                        size={12}
                        aria-label={t('analytics.openPost', { platform: PLATFORM_NAMES[post.platform] })}
                      />
                    </Anchor>
                  ) : (
                    <Text size="sm" lineClamp={2}>
                      {post.excerpt || t('analytics.noText')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <PlatformIcon platform={post.platform} />
                    <Text size="sm">{PLATFORM_NAMES[post.platform]}</Text>
                  </Group>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatDateTime(post.publishedAt, { locale: i18n.language })}</Text>
                </Table.Td>
                {FIGURES.map((figure) => (
                  <Table.Td key={figure} data-figure={figure}>
                    <Figure value={post[figure]} platformName={PLATFORM_NAMES[post.platform]} />
                  </Table.Td>
                ))}
                <Table.Td style={{ whiteSpace: 'nowrap' }} data-figure="clicks">
                  <Clicks post={post} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" c="dimmed">
                    {post.lastReadAt
                      ? formatDateTime(post.lastReadAt, { locale: i18n.language })
                      : t('analytics.notReadYet')}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <StateBadge post={post} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {pages > 1 && (
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed">
            {t('analytics.showing', { shown: list.items.length, total: list.total })}
          </Text>
          <Pagination total={pages} value={page + 1} onChange={(value) => onPage(value - 1)} size="sm" />
        </Group>
      )}
    </>
  );
}
