import { useDraggable } from '@dnd-kit/core';
import { ActionIcon, Badge, Card, Group, Menu, Text } from '@mantine/core';
import { IconCalendarEvent, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../shared/api/posts.schemas';
import { cardHtml } from '../card-html';
import { PlatformIcon } from './platform-icon';
import classes from './post-card.module.css';

const STATUS_COLOR: Record<Post['status'], string> = {
  draft: 'gray',
  scheduled: 'blue',
  publishing: 'yellow',
  published: 'green',
  partially_failed: 'orange',
  failed: 'red',
};

export interface PostCardActions {
  onEdit: (post: Post) => void;
  onReschedule: (post: Post) => void;
  onDelete: (post: Post) => void;
}

export function PostCard({ post, onEdit, onReschedule, onDelete }: { post: Post } & PostCardActions) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: post.id,
    data: { post },
  });
  const time = post.scheduledAt
    ? new Date(post.scheduledAt).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : '';
  return (
    <Card
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      withBorder
      padding={6}
      radius="sm"
      aria-label={t('calendar.postAt', { time })}
      aria-description={t('calendar.dragHint')}
      className={classes.card}
      data-hint={t('calendar.dragHint')}
      data-dragging={isDragging || undefined}
      style={{
        cursor: 'grab',
        opacity: isDragging ? 0.4 : 1,
        transform: transform ? `translate(${transform.x}px, ${transform.y}px)` : undefined,
        zIndex: isDragging ? 10 : undefined,
      }}
    >
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size="xs" fw={600}>
          {time}
        </Text>
        <CardMenu post={post} onEdit={onEdit} onReschedule={onReschedule} onDelete={onDelete} />
      </Group>
      <Text size="xs" lineClamp={3} dangerouslySetInnerHTML={{ __html: cardHtml(post.content) }} />
      <Group gap={4} mt={4} justify="space-between" wrap="nowrap">
        <Group gap={2}>
          {post.platforms.map((p) => (
            <PlatformIcon key={p} platform={p} size={14} />
          ))}
        </Group>
        <Badge size="xs" variant="light" color={STATUS_COLOR[post.status]}>
          {t(`calendar.status.${post.status}`)}
        </Badge>
      </Group>
    </Card>
  );
}

/**
 * The card's Edit / Reschedule / Delete menu, mounted only once opened: a month of cards each holding
 * a live popover would cost the calendar its render budget.
 */
function CardMenu({ post, onEdit, onReschedule, onDelete }: { post: Post } & PostCardActions) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const trigger = (
    <ActionIcon
      size="sm"
      variant="subtle"
      aria-label={t('calendar.postMenu')}
      onPointerDown={(e) => e.stopPropagation()}
      onClick={() => setOpened(true)}
    >
      <IconDots size={14} />
    </ActionIcon>
  );
  if (!opened) return trigger;
  return (
    <Menu opened onChange={setOpened} withinPortal position="bottom-end">
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onEdit(post)}>
          {t('calendar.edit')}
        </Menu.Item>
        <Menu.Item leftSection={<IconCalendarEvent size={14} />} onClick={() => onReschedule(post)}>
          {t('calendar.reschedule')}
        </Menu.Item>
        <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={() => onDelete(post)}>
          {t('common.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
