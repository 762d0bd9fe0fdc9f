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
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CalendarPost, POST_STATUSES } from '../../../../shared/api/posts.schemas';
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
 * What every card says alike, translated once for the list that shows them rather than once per card: a
 * week holds hundreds of cards, and each `useTranslation` and `t` call costs (bench/calendar-render.ts).
 * `t` changes with the language, so the cards follow it.
 */
export interface CardTexts {
  t: TFunction;
  movable: string;
  dragHint: string;
  menu: string;
  /** Each status's words, and a queued post's (issue 26). */
  status: Record<CalendarPost['status'] | 'queued' | 'held', string>;
}

export function useCardTexts(): CardTexts {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      t,
      movable: t('calendarMove.movablePost'),
      dragHint: t('calendar.dragHint'),
      menu: t('calendar.postMenu'),
      status: {
        ...(Object.fromEntries(POST_STATUSES.map((s) => [s, t(`calendar.status.${s}`)])) as Record<
          CalendarPost['status'],
          string
        >),
        queued: t('calendar.queued'),
        held: t('calendar.queuePaused'),
      },
    }),
    [t],
  );
}

/**
 * A post on the calendar; its time on the clock of `zone` (the profile's). `draggable` false: a card in
 * the phone's agenda, moved through its menu's Reschedule only. `texts`: from `useCardTexts` in the list.
 */
export function PostCard({
  post,
  zone,
  texts,
  draggable = true,
  compact = false,
  ...actions
}: {
  post: CalendarPost;
  zone: string;
  texts: CardTexts;
  draggable?: boolean;
  /** In the hour grid: one line of text, the card an hour tall. */
  compact?: boolean;
} & PostCardActions) {
  const { t } = texts;
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: post.id,
    data: { post },
    disabled: !draggable,
    // Not dnd-kit's default role "button": the card holds its menu's button, and a button may not.
    attributes: { role: 'article', roleDescription: texts.movable },
  });
  const time = post.scheduledAt ? formatTime(post.scheduledAt, { timeZone: zone }) : '';
  // A queued post says so; one in a paused queue is held, and says that instead.
  const shown =
    post.status === 'scheduled' && post.queue ? (post.queue === 'paused' ? 'held' : 'queued') : post.status;
  // Plain elements styled by the module, not Mantine's Card/Text/Badge: a month holds hundreds of cards
  // and the calendar has a render budget (bench/calendar-render.ts).
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- role and keys come from dnd-kit's spread attributes (Enter/Space pick the card up); the click is a pointer shortcut to the menu's Details
    <div
      ref={setNodeRef}
      {...(draggable ? { ...attributes, ...listeners } : { role: 'article' })}
      aria-label={t('calendar.postAt', { time })}
      aria-description={draggable ? texts.dragHint : undefined}
      className={classes.card}
      data-hint={draggable ? texts.dragHint : undefined}
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
        <CardMenu post={post} texts={texts} {...actions} />
      </div>
      {/* Made by the server already; passed through again so that nothing else ever reaches the page. */}
      <div dir="auto" className={classes.content} dangerouslySetInnerHTML={{ __html: cardHtml(post.card) }} />
      <div className={classes.foot}>
        {targetMarks(t, post)}
        <span className={classes.status} data-status={shown}>
          {texts.status[shown]}
        </span>
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
  texts: { t, menu },
  onDetails,
  onEdit,
  onDuplicate,
  onReschedule,
  onDelete,
}: { post: CalendarPost; texts: CardTexts } & PostCardActions) {
  const [opened, setOpened] = useState(false);
  const trigger = (
    <button
      type="button"
      className={classes.menuButton}
      aria-label={menu}
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
