import { Modal, Stack } from '@mantine/core';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarPost } from '../../../../shared/api/posts.schemas';
import { type PostCardActions, PostCard, useCardTexts } from './post-card';

/**
 * Every post of one day, opened from the month's "+K more": the cards with their menus (moved by
 * Reschedule, not by dragging). Choosing an action closes the day first.
 */
export function DayDialog({
  day,
  posts,
  actions,
  zone,
  onClose,
}: {
  day: Dayjs;
  posts: CalendarPost[];
  actions: PostCardActions;
  zone: string;
  onClose: () => void;
}) {
  const { i18n } = useTranslation();
  const texts = useCardTexts();
  const title = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full' }).format(day.toDate());
  const closing = useMemo<PostCardActions>(() => {
    const then =
      <A extends unknown[]>(action?: (...args: A) => void) =>
      (...args: A) => {
        onClose();
        action?.(...args);
      };
    return {
      onDetails: then(actions.onDetails),
      ...(actions.onEdit ? { onEdit: then(actions.onEdit) } : {}),
      ...(actions.onDuplicate ? { onDuplicate: then(actions.onDuplicate) } : {}),
      ...(actions.onReschedule ? { onReschedule: then(actions.onReschedule) } : {}),
      ...(actions.onDelete ? { onDelete: then(actions.onDelete) } : {}),
    };
  }, [actions, onClose]);
  return (
    <Modal opened onClose={onClose} title={title} size="md">
      <Stack gap="xs" role="list">
        {posts.map((post) => (
          <div role="listitem" key={post.id}>
            <PostCard post={post} zone={zone} texts={texts} draggable={false} {...closing} />
          </div>
        ))}
      </Stack>
    </Modal>
  );
}
