import { useDraggable } from '@dnd-kit/core';
import { Menu } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCopy,
  IconDots,
  IconInfoCircle,
  IconPencil,
  IconRepeat,
  IconTrash,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarPost } from '../../../../shared/api/posts.schemas';
import { cardHtml } from '../../../../shared/card-html';
import { PLATFORM_ICONS } from '../../../components/platform-icon';
import { formatTime } from '../../../lib/format-date';
import { targetLabel, targetState } from '../target-status';
import classes from './post-card.module.css';

/** What a card's menu offers; an action left out is one the member's role does not allow. */
export interface PostCardActions {
  onDetails: (post: CalendarPost) => void;
  onEdit?: (post: CalendarPost) => void;
  /** Copies it as a new draft, opened in the composer. */
  onDuplicate?: (post: CalendarPost) => void;
  onReschedule?: (post: CalendarPost) => void;
  onDelete?: (post: CalendarPost) => void;
}

/**
 * A post on the calendar; its time on the clock of `zone` (the profile's). `draggable` false: a card in
 * the phone's agenda, moved through its menu's Reschedule only.
 */
export function PostCard({
  post,
  zone,
  draggable = true,
  compact = false,
  ...actions
}: {
  post: CalendarPost;
  zone: string;
  draggable?: boolean;
  /** In the hour grid: one line of text, the card an hour tall. */
  compact?: boolean;
} & PostCardActions) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: post.id,
    data: { post },
    disabled: !draggable,
    // Not dnd-kit's default role "button": the card holds its menu's button, and a button may not.
    attributes: { role: 'article', roleDescription: t('calendarMove.movablePost') },
  });
  const time = post.scheduledAt ? formatTime(post.scheduledAt, { timeZone: zone }) : '';
  // Plain elements styled by the module, not Mantine's Card/Text/Badge: a month holds hundreds of cards
  // and the calendar has a render budget (bench/calendar-render.ts).
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- role and keys come from dnd-kit's spread attributes (Enter/Space pick the card up); the click is a pointer shortcut to the menu's Details
    <div
      ref={setNodeRef}
      {...(draggable ? { ...attributes, ...listeners } : { role: 'article' })}
      aria-label={t('calendar.postAt', { time })}
      aria-description={draggable ? t('calendar.dragHint') : undefined}
      className={classes.card}
      data-hint={draggable ? t('calendar.dragHint') : undefined}
      data-dragging={isDragging || undefined}
      data-compact={compact || undefined}
      data-post={post.id}
      // A click (not a drag: dnd-kit swallows the click that ends one) opens the details. Clicks inside
      // the menu, which React bubbles here through its portal, are not the card's.
      onClick={(e) => e.currentTarget.contains(e.target as Node) && actions.onDetails(post)}
      style={transform ? { transform: `translate(${transform.x}px, ${transform.y}px)` } : undefined}
    >
      <div className={classes.head}>
        <span className={classes.time}>
          {time}
          {post.recurring && (
            <span
              role="img"
              aria-label={t('recurring.occurrence')}
              title={t('recurring.occurrence')}
              className={classes.recurring}
            >
              <IconRepeat size={12} aria-hidden />
            </span>
          )}
        </span>
        <CardMenu post={post} {...actions} />
      </div>
      {/* Made by the server already; passed through again so that nothing else ever reaches the page. */}
      <div dir="auto" className={classes.content} dangerouslySetInnerHTML={{ __html: cardHtml(post.card) }} />
      <div className={classes.foot}>
        {targetMarks(t, post)}
        {post.status === 'scheduled' && post.queue ? (
          // A queued post says so; one in a paused queue is held, and says that instead.
          <span className={classes.status} data-status={post.queue === 'paused' ? 'held' : post.status}>
            {t(post.queue === 'paused' ? 'calendar.queuePaused' : 'calendar.queued')}
          </span>
        ) : (
          <span className={classes.status} data-status={post.status}>
            {t(`calendar.status.${post.status}`)}
          </span>
        )}
      </div>
    </div>
  );
}

/**
 * Each network's mark, tinted by where its target stands, with a CSS tooltip saying so (the same words
 * are its accessible name). Plain elements and no hooks of its own: a month holds hundreds of these.
 */
function targetMarks(t: TFunction, post: CalendarPost) {
  return (
    <div className={classes.targets}>
      {post.targets.map((target, i) => {
        const Icon = PLATFORM_ICONS[target.platform];
        const label = targetLabel(t, target, post.status);
        return (
          <span
            key={`${target.platform}:${target.account ?? i}`}
            role="img"
            aria-label={label}
            data-tip={label}
            data-state={post.status === 'draft' ? undefined : targetState(target)}
            className={classes.target}
          >
            <Icon size={14} aria-hidden />
          </span>
        );
      })}
    </div>
  );
}

/**
 * The card's Details / Edit / Duplicate / Reschedule / Delete menu, mounted only once opened: a month of cards each holding
 * a live popover would cost the calendar its render budget.
 */
function CardMenu({
  post,
  onDetails,
  onEdit,
  onDuplicate,
  onReschedule,
  onDelete,
}: { post: CalendarPost } & PostCardActions) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const trigger = (
    <button
      type="button"
      className={classes.menuButton}
      aria-label={t('calendar.postMenu')}
      onPointerDown={(e) => e.stopPropagation()}
      onClick={(e) => {
        e.stopPropagation();
        setOpened(true);
      }}
    >
      <IconDots size={14} aria-hidden />
    </button>
  );
  if (!opened) return trigger;
  return (
    <Menu opened onChange={setOpened} withinPortal position="bottom-end">
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconInfoCircle size={14} />} onClick={() => onDetails(post)}>
          {t('calendar.details')}
        </Menu.Item>
        {onEdit && (
          <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onEdit(post)}>
            {t('calendar.edit')}
          </Menu.Item>
        )}
        {onDuplicate && (
          <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => onDuplicate(post)}>
            {t('calendar.duplicate')}
          </Menu.Item>
        )}
        {onReschedule && (
          <Menu.Item leftSection={<IconCalendarEvent size={14} />} onClick={() => onReschedule(post)}>
            {t('calendar.reschedule')}
          </Menu.Item>
        )}
        {onDelete && (
          <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={() => onDelete(post)}>
            {t('common.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
