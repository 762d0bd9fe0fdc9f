import { Badge, Tabs } from '@mantine/core';
import { IconCalendar, IconNotes } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarPost } from '../../../../shared/api/posts.schemas';
import { useDrafts } from '../api/get-drafts';
import { ContentCalendar } from './content-calendar';
import { DraftsList } from './drafts-list';

export type PostDialog =
  { kind: 'reschedule'; post: CalendarPost } | { kind: 'details' | 'delete'; post: Pick<CalendarPost, 'id'> };

/**
 * The Content Calendar and the Drafts list, as two tabs. Memoised, with stable callbacks from the page:
 * the composer above changes the page's state on every key typed, and a month of cards need not follow.
 */
export const PostLists = memo(function PostLists({
  tab,
  onTab,
  onAddPost,
  onOpen,
  onDuplicate,
  onDialog,
}: {
  tab: 'calendar' | 'drafts';
  onTab: (tab: string | null) => void;
  onAddPost: (date: Date) => void;
  /** Opens a post in the composer. */
  onOpen: (id: string) => void;
  /** Copies a post as a draft and opens the copy in the composer. */
  onDuplicate: (id: string) => void;
  onDialog: (dialog: PostDialog) => void;
}) {
  const { t } = useTranslation();
  const drafts = useDrafts();
  const total = drafts.data?.pages[0]?.total;
  return (
    <Tabs value={tab} onChange={onTab} id="post-lists">
      <Tabs.List mb="md">
        <Tabs.Tab value="calendar" leftSection={<IconCalendar size={16} aria-hidden />}>
          {t('drafts.calendarTab')}
        </Tabs.Tab>
        <Tabs.Tab
          value="drafts"
          leftSection={<IconNotes size={16} aria-hidden />}
          rightSection={
            total ? (
              <Badge size="sm" variant="light" circle={total < 10}>
                {total}
              </Badge>
            ) : null
          }
        >
          {t('drafts.tab')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="calendar">
        <ContentCalendar
          onAddPost={onAddPost}
          actions={{
            onDetails: (post) => onDialog({ kind: 'details', post }),
            onEdit: (post) => onOpen(post.id),
            onDuplicate: (post) => onDuplicate(post.id),
            onReschedule: (post) => onDialog({ kind: 'reschedule', post }),
            onDelete: (post) => onDialog({ kind: 'delete', post }),
          }}
        />
      </Tabs.Panel>
      <Tabs.Panel value="drafts">
        <DraftsList onEdit={onOpen} onDelete={(post) => onDialog({ kind: 'delete', post })} />
      </Tabs.Panel>
    </Tabs>
  );
});
