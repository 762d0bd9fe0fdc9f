import { useDroppable } from '@dnd-kit/core';
import { ActionIcon } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CalendarPost } from '../../../../shared/api/posts.schemas';
import type { FreeSlot } from '../../../../shared/api/queue.schemas';
import { fromZonedWallClock, zonedDayKey } from '../../../lib/time-zone';
import { dayKey, dayName, isPastDay } from './calendar-days';
import type { CalendarLayout } from './calendar-move';
import classes from './content-calendar.module.css';
import { FreeSlotButton } from './free-slot';
import { type PostCardActions, PostCard, useCardTexts } from './post-card';

export interface DayProps {
  day: Dayjs;
  /** In the month shown (the grid's leading and trailing days of other months are greyed, and have no +). */
  inMonth: boolean;
  posts: CalendarPost[];
  layout: CalendarLayout;
  /** Whether its cards can be lifted (the phone's month agenda lists days far apart: it reschedules by menu). */
  draggable: boolean;
  /** Left out where the member's role may not write: the day has no "+". `accounts`: a free slot's. */
  onAddPost?: (date: Date, accounts?: FreeSlot['accounts']) => void;
  /** The queues' free slots of the day, shown among its cards in time order (the week's list). */
  freeSlots?: FreeSlot[];
  actions: PostCardActions;
  /** The profile's time zone, whose days these are. */
  zone: string;
  /** At most this many cards (a month stays a month); the rest behind "+K more", which opens the day. */
  limit?: number;
  onMore?: (day: Dayjs) => void;
}

/**
 * One day: a grid cell (its number) or, in the list, a section headed by its date in words. Past days take
 * no new post and refuse a dropped one, saying so on the spot.
 */
export function CalendarDay({
  day,
  inMonth,
  posts,
  layout,
  draggable,
  onAddPost,
  actions,
  zone,
  limit = Infinity,
  onMore,
  freeSlots = [],
}: DayProps) {
  const { t, i18n } = useTranslation();
  const texts = useCardTexts();
  const today = zonedDayKey(new Date(), zone);
  const past = isPastDay(day, today);
  const { setNodeRef, isOver } = useDroppable({ id: dayKey(day), data: { past } });
  const full = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full' }).format(day.toDate());
  const list = layout === 'list';
  return (
    <div
      ref={setNodeRef}
      className={list ? classes.listDay : classes.day}
      data-outside={!inMonth || undefined}
      data-past={past || undefined}
      data-today={dayKey(day) === today || undefined}
      data-over={(isOver && !past) || undefined}
      data-refused={(isOver && past) || undefined}
      role={list ? 'listitem' : 'gridcell'}
      aria-label={list ? undefined : full}
      data-date={dayKey(day)}
    >
      <div className={classes.dayHead}>
        {list ? (
          <h3 className={classes.dayTitle}>{dayName(i18n.language, day)}</h3>
        ) : (
          <span className={classes.dayNumber}>{day.date()}</span>
        )}
        {inMonth && !past && onAddPost && (
          <ActionIcon
            size={list ? 'md' : 'sm'}
            variant="subtle"
            aria-label={t('calendar.addOn', { date: full })}
            onClick={() => onAddPost(fromZonedWallClock(`${dayKey(day)} 09:00`, zone))}
          >
            <IconPlus size={list ? 18 : 14} />
          </ActionIcon>
        )}
      </div>
      {isOver && past && <p className={classes.refusal}>{t('calendarMove.pastDay')}</p>}
      {inTimeOrder(posts.slice(0, limit), onAddPost ? freeSlots : []).map((item) =>
        'card' in item ? (
          <PostCard key={item.id} post={item} zone={zone} texts={texts} draggable={draggable} {...actions} />
        ) : (
          <FreeSlotButton key={item.at} slot={item} zone={zone} onAddPost={onAddPost!} inList />
        ),
      )}
      {posts.length > limit && onMore && (
        <button
          type="button"
          className={classes.more}
          data-more={posts.length - limit}
          aria-label={t('calendar.moreOn', { count: posts.length - limit, date: full })}
          onClick={() => onMore(day)}
        >
          {t('calendar.more', { count: posts.length - limit })}
        </button>
      )}
    </div>
  );
}

/**
 * A day's cards and free slots, one list in time order. The sort is stable and the cards come first, so a
 * card and a slot at one time read card, then slot.
 */
function inTimeOrder(posts: CalendarPost[], slots: FreeSlot[]): (CalendarPost | FreeSlot)[] {
  if (!slots.length) return posts;
  const timeOf = (item: CalendarPost | FreeSlot) =>
    new Date('card' in item ? (item.scheduledAt ?? 0) : item.at).getTime();
  return [...posts, ...slots].sort((a, b) => timeOf(a) - timeOf(b));
}
