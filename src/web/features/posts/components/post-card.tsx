import { useDraggable } from '@dnd-kit/core';
import { ActionIcon, Badge, Card, Group, Menu, Text, Tooltip } from '@mantine/core';
import { IconCalendarEvent, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../shared/api/posts.schemas';
import { PlatformIcon } from './platform-icon';

const STATUS_COLOR: Record<Post['status'], string> = {
  draft: 'gray',
  scheduled: 'blue',
  publishing: 'yellow',
  published: 'green',
  partially_failed: 'orange',
  failed: 'red',
};

/** Calendar cards show only b, i, em, strong and span, with no attributes (spec section 5). */
const cardHtml = (html: string) =>
  DOMPurify.sanitize(html.replace(/<\/(p|div|h[1-6]|li)>/g, ' </$1>'), {
    ALLOWED_TAGS: ['b', 'i', 'em', 'strong', 'span'],
    ALLOWED_ATTR: [],
  });

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
    <Tooltip label={t('calendar.dragHint')} openDelay={300} withinPortal>
      <Card
        ref={setNodeRef}
        {...attributes}
        {...listeners}
        withBorder
        padding={6}
        radius="sm"
        aria-label={t('calendar.postAt', { time })}
        style={{
          cursor: 'grab',
          opacity: isDragging ? 0.4 : 1,
          transform: transform ? `translate(${transform.x}px, ${transform.y}px)` : undefined,
          zIndex: isDragging ? 10 : undefined,
          position: 'relative',
        }}
      >
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Text size="xs" fw={600}>
            {time}
          </Text>
          <Menu withinPortal position="bottom-end">
            <Menu.Target>
              <ActionIcon
                size="sm"
                variant="subtle"
                aria-label={t('calendar.postMenu')}
                onPointerDown={(e) => e.stopPropagation()}
              >
                <IconDots size={14} />
              </ActionIcon>
            </Menu.Target>
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
    </Tooltip>
  );
}
