import {
  type Active,
  type Announcements,
  DndContext,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  type Over,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { ActionIcon } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import dayjs, { type Dayjs } from 'dayjs';
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarPost } from '../../../../shared/api/posts.schemas';
import type { FreeSlot } from '../../../../shared/api/queue.schemas';
import { formatTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { fromZonedWallClock, toZonedWallClock, zonedDayKey } from '../../../lib/time-zone';
import { dayKey, dayName, isPastDay, shortText } from './calendar-days';
import { dayCollision } from './calendar-move';
import { FreeSlotButton } from './free-slot';
import classes from './hour-grid.module.css';
import { type PostCardActions, PostCard, useCardTexts } from './post-card';

/** Height of an hour, in pixels: a card is as tall as an hour. */
export const HOUR_PX = 72;
/** Where a dropped card lands: on the quarter hour. */
const STEP_MINUTES = 15;
const DAY_MINUTES = 24 * 60;

const pad = (n: number) => String(n).padStart(2, '0');
const clockOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
const postOf = (active: Pick<Active, 'data'> | null) =>
  (active?.data.current as { post?: CalendarPost } | undefined)?.post;

/**
 * The minutes after midnight a dragged card's top stands for in a day's column, to the nearest quarter
 * hour. At the drop (`onScreen`) it is read from where both are on screen (the hours may have scrolled
 * under the card); while the card moves, from dnd-kit's own rectangles, which follow each arrow press at
 * once, before the card is drawn there.
 */
function minutesAt(active: Pick<Active, 'id' | 'rect'>, over: Pick<Over, 'id' | 'rect'>, onScreen = false) {
  const card = onScreen
    ? document.querySelector(`[data-post="${String(active.id)}"]`)?.getBoundingClientRect()
    : undefined;
  const column = onScreen
    ? document.querySelector(`[role="gridcell"][data-date="${String(over.id)}"]`)?.getBoundingClientRect()
    : undefined;
  const top = card?.top ?? active.rect.current.translated?.top ?? over.rect.top;
  const minutes =
    Math.round(((top - (column?.top ?? over.rect.top)) / HOUR_PX) * (60 / STEP_MINUTES)) * STEP_MINUTES;
  return Math.min(DAY_MINUTES - STEP_MINUTES, Math.max(0, minutes));
}

/** Where the keyboard has taken a lifted card so far: its day and minutes after midnight. */
interface KeyTarget {
  day: string;
  minutes: number;
}

/** Holds the keyboard's target between arrow presses (no render reads it). */
class Lifted {
  private target: KeyTarget | null = null;
  get() {
    return this.target;
  }
  set(target: KeyTarget | null) {
    this.target = target;
  }
}

/**
 * Arrow keys move a lifted card by an hour (up, down) or a day (left, right; the other way round in
 * right-to-left text), keeping its time of day. Where it is going is kept in `target` (counted, not read
 * from the screen, which the card reaches a frame later); the card is drawn there.
 */
function hourStepper(rtl: boolean, zone: string, lifted: Lifted): KeyboardCoordinateGetter {
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const back = rtl ? 'ArrowRight' : 'ArrowLeft';
  return (event, { context: { active, collisionRect, droppableRects } }) => {
    const post = postOf(active);
    if (!collisionRect || !post?.scheduledAt) return undefined;
    const hours = event.code === 'ArrowUp' ? -1 : event.code === 'ArrowDown' ? 1 : 0;
    const days = event.code === forward ? 1 : event.code === back ? -1 : 0;
    if (!hours && !days) return undefined;
    event.preventDefault();
    const wall = toZonedWallClock(new Date(post.scheduledAt), zone);
    const from = lifted.get() ?? {
      day: wall.slice(0, 10),
      minutes: Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16)),
    };
    const next = {
      day: dayKey(dayjs(from.day).add(days, 'day')),
      minutes: Math.min(DAY_MINUTES - STEP_MINUTES, Math.max(0, from.minutes + hours * 60)),
    };
    const column = droppableRects.get(next.day);
    // The first or last day shown: there is nowhere further to go in this view.
    if (!column) return undefined;
    lifted.set(next);
    return {
      x: column.left + (column.width - collisionRect.width) / 2,
      y: column.top + (next.minutes / 60) * HOUR_PX,
    };
  };
}

interface Placed {
  post: CalendarPost;
  minutes: number;
  lane: number;
  lanes: number;
}

/** A day's posts at their time, side by side where their cards would cover each other. */
function placeDay(posts: CalendarPost[], zone: string): Placed[] {
  const items = posts
    .map((post) => {
      const wall = toZonedWallClock(new Date(post.scheduledAt!), zone);
      return { post, minutes: Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16)) };
    })
    .sort((a, b) => a.minutes - b.minutes);
  const placed: Placed[] = [];
  let cluster: Placed[] = [];
  let clusterEnd = -1;
  const close = () => {
    const lanes = Math.max(1, ...cluster.map((p) => p.lane + 1));
    for (const p of cluster) p.lanes = lanes;
    cluster = [];
  };
  for (const item of items) {
    if (item.minutes >= clusterEnd) close();
    const ends = cluster.map((p) => p.minutes + 60);
    let lane = 0;
    while (cluster.some((p, i) => p.lane === lane && ends[i]! > item.minutes)) lane++;
    const p: Placed = { ...item, lane, lanes: 1 };
    cluster.push(p);
    placed.push(p);
    clusterEnd = Math.max(clusterEnd, item.minutes + 60);
  }
  close();
  return placed;
}

/** A free queue slot on a day's clock: minutes after midnight. */
interface PlacedSlot {
  slot: FreeSlot;
  minutes: number;
}

/**
 * The week's or a day's hours (issue 26): each day a column of 24 hours on the viewer's clock, each post
 * at its time. A card is dragged to another day and time, landing on the quarter hour; lifted with the
 * keyboard, the arrows move it by an hour or a day, said in words. A line marks the current time; the
 * past takes no post. A click on an empty hour starts a post then; the queues' free slots are dashed "+"
 * marks that start a post at that slot for its accounts.
 */
export function HourGrid({
  days,
  posts,
  zone,
  actions,
  draggable,
  onAddPost,
  freeSlots = [],
  onMove,
}: {
  days: Dayjs[];
  posts: CalendarPost[];
  zone: string;
  actions: PostCardActions;
  draggable: boolean;
  /** `accounts`: a free slot's, chosen in the new post. */
  onAddPost?: (date: Date, accounts?: FreeSlot['accounts']) => void;
  /** The queues' free slots in the days shown. */
  freeSlots?: FreeSlot[];
  /** A card dropped on `date` ('YYYY-MM-DD') at `time` ('HH:mm'), both on the viewer's clock. */
  onMove: (post: CalendarPost, date: string, time: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir(i18n.language) === 'rtl';
  const [lifted] = useState(() => new Lifted());
  const keyboard = useMemo(() => ({ coordinateGetter: hourStepper(rtl, zone, lifted) }), [rtl, zone, lifted]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, keyboard),
  );
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const scroller = useRef<HTMLDivElement>(null);
  const lastSaid = useRef('');
  // Opens on the working day: 07:00, or the week's first post when it is earlier.
  const byDay = useMemo(() => {
    const map = new Map<string, CalendarPost[]>();
    for (const post of posts) {
      if (!post.scheduledAt) continue;
      const key = zonedDayKey(new Date(post.scheduledAt), zone);
      map.set(key, [...(map.get(key) ?? []), post]);
    }
    return map;
  }, [posts, zone]);
  const slotsByDay = useMemo(() => {
    const map = new Map<string, PlacedSlot[]>();
    for (const slot of freeSlots) {
      const at = new Date(slot.at);
      const wall = toZonedWallClock(at, zone);
      const key = wall.slice(0, 10);
      const minutes = Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16));
      map.set(key, [...(map.get(key) ?? []), { slot, minutes }]);
    }
    return map;
  }, [freeSlots, zone]);
  const firstMinutes = useMemo(() => {
    const all = [...byDay.values()].flat().map((p) => {
      const wall = toZonedWallClock(new Date(p.scheduledAt!), zone);
      return Number(wall.slice(11, 13)) * 60;
    });
    return Math.min(7 * 60, ...all);
  }, [byDay, zone]);
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = (firstMinutes / 60) * HOUR_PX;
  }, [firstMinutes]);

  const today = zonedDayKey(now, zone);
  const nowWall = toZonedWallClock(now, zone);
  const nowMinutes = Number(nowWall.slice(11, 13)) * 60 + Number(nowWall.slice(14, 16));
  const timeLabel = (minutes: number) =>
    formatTime(fromZonedWallClock(`${today} ${clockOf(minutes)}`, zone), { timeZone: zone });

  /** Where a card would land, in words: its post, the day and the time. */
  const words = (active: Pick<Active, 'id' | 'data' | 'rect'>, over: Over | null) => {
    const key = lifted.get()?.day ?? (over ? String(over.id) : null);
    const minutes = lifted.get()?.minutes ?? (over ? minutesAt(active, over) : 0);
    const instant = key ? fromZonedWallClock(`${key} ${clockOf(minutes)}`, zone) : null;
    return {
      post: shortText(postOf(active)?.card ?? ''),
      day: key ? dayName(i18n.language, dayjs(key)) : '',
      time: instant ? formatTime(instant, { timeZone: zone }) : '',
      past: Boolean(instant && instant.getTime() < now.getTime()),
      instant,
    };
  };
  /** The post and the day it is on now, for what is said when nothing moves. */
  const own = (active: Pick<Active, 'data'>) => {
    const post = postOf(active);
    return {
      post: shortText(post?.card ?? ''),
      day: post?.scheduledAt
        ? dayName(i18n.language, dayjs(zonedDayKey(new Date(post.scheduledAt), zone)))
        : '',
    };
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lifted.set(null);
      return t('calendarMove.pickedUp', own(active));
    },
    onDragOver: ({ active, over }) => {
      if (!over) return t('calendarMove.nowhere', own(active));
      const w = words(active, over);
      return t(w.past ? 'calendarMove.overPast' : 'calendarMove.overAt', w);
    },
    // Within one day only the time changes: said when it does (an arrow press, a drag past a quarter hour).
    onDragMove: ({ active, over }) => {
      if (!over) return undefined;
      const w = words(active, over);
      const said = `${w.day} ${w.time}`;
      if (said === lastSaid.current) return undefined;
      lastSaid.current = said;
      return t(w.past ? 'calendarMove.overPast' : 'calendarMove.overAt', w);
    },
    onDragEnd: ({ active, over }) => {
      if (!over) return t('calendarMove.stayed', own(active));
      const w = words(active, over);
      return t(w.past ? 'calendarMove.refused' : 'calendarMove.movedAt', w);
    },
    onDragCancel: ({ active }) =>
      t('calendarMove.cancelled', { post: shortText(postOf(active)?.card ?? '') }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const post = postOf(active);
    const moved = lifted.get();
    lifted.set(null);
    if (!post?.scheduledAt || !over) return;
    // Lifted by the keyboard: where the arrows took it; by a pointer: where it is on screen.
    const date = moved?.day ?? String(over.id);
    const time = clockOf(moved?.minutes ?? minutesAt(active, over, true));
    const target = fromZonedWallClock(`${date} ${time}`, zone);
    if (target.getTime() === new Date(post.scheduledAt).getTime()) return;
    if (target.getTime() < Date.now()) {
      notify({ color: 'red', message: t('calendarMove.pastRefused') });
      return;
    }
    onMove(post, date, time);
  };

  const hours = Array.from({ length: 24 }, (_, h) => h);
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={dayCollision}
      // The hours scroll when a card is held near the top or bottom tenth of them, not sooner.
      autoScroll={{ threshold: { x: 0, y: 0.1 } }}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('calendarMove.instructionsHours') },
      }}
      onDragEnd={onDragEnd}
      onDragCancel={() => lifted.set(null)}
    >
      <div
        className={classes.hourGrid}
        style={{ '--days': days.length, '--hour': `${HOUR_PX}px` } as CSSProperties}
        role="grid"
        aria-label={t('calendar.title')}
      >
        <div className={classes.head} role="row">
          <div className={classes.corner} />
          {days.map((day) => {
            const key = dayKey(day);
            const past = isPastDay(day, today);
            const full = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full' }).format(day.toDate());
            return (
              <div
                key={key}
                role="columnheader"
                className={classes.dayHead}
                data-today={key === today || undefined}
              >
                <span>
                  {new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric' }).format(
                    day.toDate(),
                  )}
                </span>
                {!past && onAddPost && (
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    aria-label={t('calendar.addOn', { date: full })}
                    onClick={() => onAddPost(fromZonedWallClock(`${key} 09:00`, zone))}
                  >
                    <IconPlus size={14} />
                  </ActionIcon>
                )}
              </div>
            );
          })}
        </div>
        <div className={classes.scroller} ref={scroller} data-hours>
          <div className={classes.body} role="row">
            <div className={classes.gutter} aria-hidden>
              {hours.map((h) => (
                <div key={h} className={classes.hourLabel}>
                  {h > 0 && timeLabel(h * 60)}
                </div>
              ))}
            </div>
            {days.map((day) => (
              <DayColumn
                key={dayKey(day)}
                day={day}
                placed={placeDay(byDay.get(dayKey(day)) ?? [], zone)}
                slots={onAddPost ? (slotsByDay.get(dayKey(day)) ?? []) : []}
                today={today}
                nowMinutes={nowMinutes}
                zone={zone}
                actions={actions}
                draggable={draggable}
                onAddPost={onAddPost}
              />
            ))}
          </div>
        </div>
      </div>
    </DndContext>
  );
}

function DayColumn({
  day,
  placed,
  slots,
  today,
  nowMinutes,
  zone,
  actions,
  draggable,
  onAddPost,
}: {
  day: Dayjs;
  placed: Placed[];
  slots: PlacedSlot[];
  today: string;
  nowMinutes: number;
  zone: string;
  actions: PostCardActions;
  draggable: boolean;
  onAddPost?: (date: Date, accounts?: FreeSlot['accounts']) => void;
}) {
  const { t, i18n } = useTranslation();
  const texts = useCardTexts();
  const key = dayKey(day);
  const past = isPastDay(day, today);
  const { setNodeRef, isOver } = useDroppable({ id: key, data: { past } });
  const full = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full' }).format(day.toDate());
  return (
    <div
      ref={setNodeRef}
      role="gridcell"
      aria-label={full}
      data-date={key}
      data-past={past || undefined}
      data-over={isOver || undefined}
      className={classes.column}
    >
      {/* A click on an empty hour starts a post then; by keyboard, the day's + in its heading does. */}
      <div
        className={classes.hours}
        aria-hidden
        onClick={(event) => {
          if (!onAddPost) return;
          const y = event.clientY - event.currentTarget.getBoundingClientRect().top;
          const minutes = Math.min(DAY_MINUTES - 60, Math.floor(y / HOUR_PX) * 60);
          const at = fromZonedWallClock(`${key} ${clockOf(minutes)}`, zone);
          if (at.getTime() > Date.now()) onAddPost(at);
        }}
      />
      {key === today && (
        <div
          className={classes.now}
          style={{ top: (nowMinutes / 60) * HOUR_PX }}
          role="img"
          aria-label={t('calendar.now')}
        />
      )}
      {onAddPost &&
        slots.map(({ slot, minutes }) => (
          <FreeSlotButton
            key={slot.at}
            slot={slot}
            zone={zone}
            onAddPost={onAddPost}
            style={{ top: (minutes / 60) * HOUR_PX }}
          />
        ))}
      {placed.map(({ post, minutes, lane, lanes }) => (
        <div
          key={post.id}
          className={classes.slot}
          style={{
            top: (minutes / 60) * HOUR_PX,
            insetInlineStart: `${(lane / lanes) * 100}%`,
            width: `${100 / lanes}%`,
          }}
        >
          <PostCard post={post} zone={zone} texts={texts} draggable={draggable} compact {...actions} />
        </div>
      ))}
    </div>
  );
}
