import {
  type Active,
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type Over,
  pointerWithin,
  rectIntersection,
} from '@dnd-kit/core';
import dayjs from 'dayjs';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarPost } from '../../../../shared/api/posts.schemas';
import { zonedDayKey } from '../../../lib/time-zone';
import { dayKey, dayName, isPastDay, shortText } from './calendar-days';

/** 'grid': seven columns, up and down move a week; 'list': days one under another, every arrow moves a day. */
export type CalendarLayout = 'grid' | 'list';

const postOf = (active: Pick<Active, 'data'> | null) =>
  (active?.data.current as { post?: CalendarPost } | undefined)?.post;

/** The day a dragged card is over, or the one it came from. */
/** The day a card is over, or else the day of its post in the profile's `zone`. */
const dayOf = (over: Pick<Over, 'id'> | null, active: Pick<Active, 'data'> | null, zone: string) => {
  if (over) return String(over.id);
  const at = postOf(active)?.scheduledAt;
  return at ? zonedDayKey(new Date(at), zone) : null;
};

/**
 * Arrow keys move a lifted card by whole days (dnd-kit's default moves 25 px a press): the card lands in
 * the middle of the next day's box, whatever its size. In right-to-left text the grid's columns run the
 * other way, and so do the left and right arrows.
 */
export function dayStepper(layout: CalendarLayout, rtl: boolean, zone: string): KeyboardCoordinateGetter {
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const back = rtl ? 'ArrowRight' : 'ArrowLeft';
  const week = layout === 'grid' ? 7 : 1;
  const steps: Record<string, number> = { [forward]: 1, [back]: -1, ArrowDown: week, ArrowUp: -week };
  return (event, { context: { active, over, collisionRect, droppableRects } }) => {
    const step = steps[event.code];
    if (!step) return undefined;
    event.preventDefault();
    const from = dayOf(over, active, zone);
    if (!from || !collisionRect) return undefined;
    const target = droppableRects.get(dayKey(dayjs(from).add(step, 'day')));
    // The first or last visible day: there is nowhere further to go in this view.
    if (!target) return undefined;
    return {
      x: target.left + (target.width - collisionRect.width) / 2,
      y: target.top + (target.height - collisionRect.height) / 2,
    };
  };
}

/**
 * The day under the pointer; for the keyboard, the day holding the card's middle (an empty day in the
 * list is shorter than the card, so the largest overlap could be its neighbour).
 */
export const dayCollision: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const under = pointerWithin(args);
    if (under.length) return under;
  }
  const { collisionRect: r, droppableRects, droppableContainers } = args;
  const x = r.left + r.width / 2;
  const y = r.top + r.height / 2;
  const holding = droppableContainers.find((c) => {
    const day = droppableRects.get(c.id);
    return day && x >= day.left && x <= day.right && y >= day.top && y <= day.bottom;
  });
  return holding
    ? [{ id: holding.id, data: { droppableContainer: holding, value: 1 } }]
    : rectIntersection(args);
};

/** What a screen reader hears while a card moves: the post's first words and the day in words, never ids. */
export function useMoveAnnouncements(layout: CalendarLayout, zone: string) {
  const { t, i18n } = useTranslation();
  // Lifting a card puts it over its own day at once: that would replace "Picked up…" before it is heard.
  const justLifted = useRef(false);
  return useMemo(() => {
    const words = (active: Pick<Active, 'data'>, over: Pick<Over, 'id'> | null) => {
      const key = dayOf(over, active, zone);
      const day = key ? dayjs(key) : null;
      return {
        post: shortText(postOf(active)?.card ?? ''),
        day: day ? dayName(i18n.language, day) : '',
        past: Boolean(day && isPastDay(day, zonedDayKey(new Date(), zone))),
        same: Boolean(key && key === dayOf(null, active, zone)),
      };
    };
    const announcements: Announcements = {
      onDragStart: ({ active }) => {
        justLifted.current = true;
        return t('calendarMove.pickedUp', words(active, null));
      },
      onDragOver: ({ active, over }) => {
        const w = words(active, over);
        const lifting = justLifted.current && w.same;
        justLifted.current = false;
        if (lifting) return undefined;
        if (!over) return t('calendarMove.nowhere', w);
        return t(w.past ? 'calendarMove.overPast' : 'calendarMove.over', w);
      },
      onDragEnd: ({ active, over }) => {
        const w = words(active, over);
        if (!over || w.same) return t('calendarMove.stayed', words(active, null));
        return t(w.past ? 'calendarMove.refused' : 'calendarMove.moved', w);
      },
      onDragCancel: ({ active }) => t('calendarMove.cancelled', words(active, null)),
    };
    return {
      announcements,
      screenReaderInstructions: {
        draggable: t(layout === 'grid' ? 'calendarMove.instructionsGrid' : 'calendarMove.instructionsList'),
      },
    };
  }, [t, i18n.language, layout, zone]);
}
