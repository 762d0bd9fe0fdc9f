import { useCan } from '../../../lib/workspace-role';
import {
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  ActionIcon,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Text,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarPost } from '../../../../shared/api/posts.schemas';
import type { FreeSlot } from '../../../../shared/api/queue.schemas';
import { notify } from '../../../lib/notify';
import { fromZonedWallClock, useTimeZone, zonedDayKey } from '../../../lib/time-zone';
import { useFreeSlots } from '../api/get-free-slots';
import { usePosts } from '../api/get-posts';
import { CalendarDay, type DayProps } from './calendar-day';
import { DayDialog } from './day-dialog';
import { HourGrid } from './hour-grid';
import { type CalendarView, dayKey, rangeLabel, visibleDays } from './calendar-days';
import { type CalendarLayout, dayCollision, dayStepper, useMoveAnnouncements } from './calendar-move';
import classes from './content-calendar.module.css';
import type { PostCardActions } from './post-card';
import { useRescheduleTo } from './post-dialogs';

/** Cards a day of the month grid shows; the rest are behind "+K more" (issue 26: a month stays a month). */
export const MONTH_DAY_CARDS = 3;

const pastDrop = (over: DragOverEvent['over']) => Boolean((over?.data.current as { past?: boolean })?.past);

/**
 * The Content Calendar: month or week, Sunday first; drag a card to another day to reschedule it. Its days
 * are the days of the profile's time zone. Below the theme's `sm` breakpoint seven columns do not fit: the
 * month becomes an agenda (the days that have posts, one under another) and the week's days stack.
 */
export function ContentCalendar({
  onAddPost,
  actions,
}: {
  /** `accounts`: a free queue slot's, chosen in the new post. */
  onAddPost: (date: Date, accounts?: FreeSlot['accounts']) => void;
  actions: PostCardActions;
}) {
  const { t, i18n } = useTranslation();
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 1px))`, false, {
    getInitialValueInEffect: false,
  });
  const [view, setView] = useState<CalendarView>('month');
  // The week's list is the phone's week, chosen on a desktop too.
  const layout: CalendarLayout = phone || view === 'list' ? 'list' : 'grid';
  const zone = useTimeZone();
  const [anchor, setAnchor] = useState(() => dayjs(zonedDayKey(new Date(), zone)));
  const days = useMemo(() => visibleDays(anchor, view), [anchor, view]);
  const from = fromZonedWallClock(dayKey(days[0]!), zone).toISOString();
  const to = fromZonedWallClock(dayKey(days.at(-1)!.add(1, 'day')), zone).toISOString();
  const posts = usePosts(from, to);
  const rescheduleTo = useRescheduleTo();
  const rtl = i18n.dir(i18n.language) === 'rtl';
  const keyboard = useMemo(() => ({ coordinateGetter: dayStepper(layout, rtl, zone) }), [layout, rtl, zone]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, keyboard),
  );
  const accessibility = useMoveAnnouncements(layout, zone);
  const [refusing, setRefusing] = useState(false);
  const [openDay, setOpenDay] = useState<Dayjs | null>(null);
  // What the member's role allows: the rest is left out of the days and the cards' menus.
  const mayWrite = useCan('write');
  const maySchedule = useCan('schedule');
  const hours = layout === 'grid' && view !== 'month';
  // The queues' free slots: in the hours, and among the cards of the week's (or a day's) list.
  const freeSlots = useFreeSlots(from, to, view !== 'month' && mayWrite);
  const slotsByDay = useMemo(() => {
    const map = new Map<string, FreeSlot[]>();
    for (const slot of freeSlots.data ?? []) {
      const k = zonedDayKey(new Date(slot.at), zone);
      map.set(k, [...(map.get(k) ?? []), slot]);
    }
    return map;
  }, [freeSlots.data, zone]);
  const allowed = useMemo<PostCardActions>(
    () => ({
      onDetails: actions.onDetails,
      ...(mayWrite
        ? { onEdit: actions.onEdit, onDuplicate: actions.onDuplicate, onDelete: actions.onDelete }
        : {}),
      ...(maySchedule ? { onReschedule: actions.onReschedule } : {}),
    }),
    [actions, mayWrite, maySchedule],
  );

  const byDay = useMemo(() => {
    const map = new Map<string, CalendarPost[]>();
    for (const post of posts.data ?? []) {
      if (!post.scheduledAt) continue;
      const k = zonedDayKey(new Date(post.scheduledAt), zone);
      map.set(k, [...(map.get(k) ?? []), post]);
    }
    return map;
  }, [posts.data, zone]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setRefusing(false);
    const post = (active.data.current as { post: CalendarPost } | undefined)?.post;
    if (!post?.scheduledAt || !over) return;
    // Dropping on the day it is already on changes nothing; a neighbouring month's day is fine.
    if (over.id === zonedDayKey(new Date(post.scheduledAt), zone)) return;
    if (pastDrop(over)) {
      notify({ color: 'red', message: t('calendarMove.pastRefused') });
      return;
    }
    rescheduleTo(post, String(over.id));
  };

  const step = (n: number) => setAnchor((a) => a.add(n, view === 'list' ? 'week' : view));
  const dayProps = (day: Dayjs): DayProps => ({
    day,
    inMonth: view !== 'month' || day.month() === anchor.month(),
    posts: byDay.get(dayKey(day)) ?? [],
    layout,
    draggable: maySchedule && !(phone && view === 'month'),
    onAddPost: mayWrite ? onAddPost : undefined,
    actions: allowed,
    zone,
    ...(layout === 'grid' && view === 'month' ? { limit: MONTH_DAY_CARDS, onMore: setOpenDay } : {}),
    ...(view !== 'month' && mayWrite ? { freeSlots: slotsByDay.get(dayKey(day)) ?? [] } : {}),
  });

  return (
    <Card withBorder padding={phone ? 'sm' : 'md'} id="content-calendar">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h3">
          {t('calendar.title')}
        </Title>
        <Group gap="xs" wrap="nowrap">
          <ActionIcon variant="default" aria-label={t('calendar.previous')} onClick={() => step(-1)}>
            <IconChevronLeft size={16} className={classes.chevron} />
          </ActionIcon>
          <Text fw={600} miw={150} ta="center" aria-live="polite">
            {rangeLabel(i18n.language, view, anchor, days)}
          </Text>
          <ActionIcon variant="default" aria-label={t('calendar.next')} onClick={() => step(1)}>
            <IconChevronRight size={16} className={classes.chevron} />
          </ActionIcon>
          {posts.isFetching && <Loader size="xs" aria-label={t('common.loading')} />}
        </Group>
        <SegmentedControl
          value={view}
          onChange={(v) => setView(v as CalendarView)}
          data={[
            { value: 'month', label: t('calendar.month') },
            { value: 'week', label: t('calendar.week') },
            { value: 'day', label: t('calendar.day') },
            { value: 'list', label: t('calendar.list') },
          ]}
        />
      </Group>
      {hours ? (
        <HourGrid
          days={days}
          posts={posts.data ?? []}
          zone={zone}
          actions={allowed}
          draggable={maySchedule}
          onAddPost={mayWrite ? onAddPost : undefined}
          freeSlots={freeSlots.data}
          onMove={(post, date, time) => rescheduleTo(post, date, { time, timezone: zone })}
        />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={dayCollision}
          accessibility={accessibility}
          onDragOver={({ over }) => setRefusing(pastDrop(over))}
          onDragEnd={onDragEnd}
          onDragCancel={() => setRefusing(false)}
        >
          <div className={classes.board} data-refusing={refusing || undefined}>
            {layout === 'grid' ? (
              <MonthGrid days={days} dayProps={dayProps} />
            ) : (
              <DayList
                days={
                  view === 'month'
                    ? days.filter((d) => d.month() === anchor.month() && byDay.has(dayKey(d)))
                    : days
                }
                dayProps={dayProps}
                loaded={posts.isSuccess}
              />
            )}
          </div>
        </DndContext>
      )}
      {openDay && (
        <DayDialog
          day={openDay}
          posts={byDay.get(dayKey(openDay)) ?? []}
          actions={allowed}
          zone={zone}
          onClose={() => setOpenDay(null)}
        />
      )}
    </Card>
  );
}

/** Seven columns, one row per week (rows exist for assistive technology; CSS lays out the cells). */
function MonthGrid({ days, dayProps }: { days: Dayjs[]; dayProps: (day: Dayjs) => DayProps }) {
  const { t, i18n } = useTranslation();
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'short' });
  const weeks = Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
  return (
    <div className={classes.grid} role="grid" aria-label={t('calendar.title')}>
      <div role="row" className={classes.row}>
        {days.slice(0, 7).map((d) => (
          <div key={d.day()} className={classes.weekday} role="columnheader">
            {weekday.format(d.toDate())}
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div key={dayKey(week[0]!)} role="row" className={classes.row}>
          {week.map((day) => (
            <CalendarDay key={dayKey(day)} {...dayProps(day)} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** Days one under another: the week's seven, or the month's days that have posts (an agenda). */
function DayList({
  days,
  dayProps,
  loaded,
}: {
  days: Dayjs[];
  dayProps: (day: Dayjs) => DayProps;
  loaded: boolean;
}) {
  const { t } = useTranslation();
  if (days.length === 0) return loaded ? <Text c="dimmed">{t('calendarMove.emptyMonth')}</Text> : null;
  return (
    <div className={classes.list} role="list" aria-label={t('calendar.title')}>
      {days.map((day) => (
        <CalendarDay key={dayKey(day)} {...dayProps(day)} />
      ))}
    </div>
  );
}
