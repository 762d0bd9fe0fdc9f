import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { ActionIcon, Card, Group, Loader, SegmentedControl, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarPost } from '../../../../shared/api/posts.schemas';
import { usePosts } from '../api/get-posts';
import classes from './content-calendar.module.css';
import { type PostCardActions, PostCard } from './post-card';
import { useRescheduleTo } from './post-dialogs';

type View = 'month' | 'week';
const key = (d: Dayjs) => d.format('YYYY-MM-DD');

/** The visible days: whole weeks, Sunday first (dayjs's default week). */
function visibleDays(anchor: Dayjs, view: View) {
  const start = view === 'month' ? anchor.startOf('month').startOf('week') : anchor.startOf('week');
  const end = view === 'month' ? anchor.endOf('month').endOf('week') : anchor.endOf('week');
  const days: Dayjs[] = [];
  for (let d = start; !d.isAfter(end, 'day'); d = d.add(1, 'day')) days.push(d);
  return days;
}

function Day({
  day,
  inMonth,
  posts,
  onAddPost,
  actions,
}: {
  day: Dayjs;
  inMonth: boolean;
  posts: CalendarPost[];
  onAddPost: (date: Date) => void;
  actions: PostCardActions;
}) {
  const { t, i18n } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: key(day) });
  const label = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full' }).format(day.toDate());
  return (
    <div
      ref={setNodeRef}
      className={classes.day}
      data-outside={!inMonth || undefined}
      data-today={day.isSame(dayjs(), 'day') || undefined}
      data-over={isOver || undefined}
      role="group"
      aria-label={label}
      data-date={key(day)}
    >
      <Group justify="space-between" gap={2}>
        <Text size="sm" c={inMonth ? undefined : 'dimmed'}>
          {day.date()}
        </Text>
        {inMonth && (
          <ActionIcon
            size="sm"
            variant="subtle"
            aria-label={t('calendar.addOn', { date: label })}
            onClick={() => onAddPost(day.hour(9).toDate())}
          >
            <IconPlus size={14} />
          </ActionIcon>
        )}
      </Group>
      {posts.map((post) => (
        <PostCard key={post.id} post={post} {...actions} />
      ))}
    </div>
  );
}

/** The Content Calendar: month or week, Sunday first; drag a card to another day to reschedule it. */
export function ContentCalendar({
  onAddPost,
  actions,
}: {
  onAddPost: (date: Date) => void;
  actions: PostCardActions;
}) {
  const { t, i18n } = useTranslation();
  const [view, setView] = useState<View>('month');
  const [anchor, setAnchor] = useState(() => dayjs());
  const days = useMemo(() => visibleDays(anchor, view), [anchor, view]);
  const from = days[0]!.startOf('day').toISOString();
  const to = days.at(-1)!.add(1, 'day').startOf('day').toISOString();
  const posts = usePosts(from, to);
  const rescheduleTo = useRescheduleTo();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );

  const byDay = useMemo(() => {
    const map = new Map<string, CalendarPost[]>();
    for (const post of posts.data ?? []) {
      if (!post.scheduledAt) continue;
      const k = key(dayjs(post.scheduledAt));
      map.set(k, [...(map.get(k) ?? []), post]);
    }
    return map;
  }, [posts.data]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const post = (active.data.current as { post: CalendarPost } | undefined)?.post;
    if (!post?.scheduledAt || !over) return;
    // Dropping on the day it is already on changes nothing; a neighbouring month's day is fine.
    if (over.id === key(dayjs(post.scheduledAt))) return;
    rescheduleTo(post, String(over.id));
  };

  const weekdays = days
    .slice(0, 7)
    .map((d) => new Intl.DateTimeFormat(i18n.language, { weekday: 'short' }).format(d.toDate()));
  const title = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric' }).format(
    anchor.toDate(),
  );
  const step = (n: number) => setAnchor((a) => a.add(n, view));

  return (
    <Card withBorder padding="md" id="content-calendar">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          {t('calendar.title')}
        </Title>
        <Group gap="xs">
          <ActionIcon variant="default" aria-label={t('calendar.previous')} onClick={() => step(-1)}>
            <IconChevronLeft size={16} />
          </ActionIcon>
          <Text fw={600} miw={150} ta="center" aria-live="polite">
            {title}
          </Text>
          <ActionIcon variant="default" aria-label={t('calendar.next')} onClick={() => step(1)}>
            <IconChevronRight size={16} />
          </ActionIcon>
          {posts.isFetching && <Loader size="xs" aria-label={t('common.loading')} />}
        </Group>
        <SegmentedControl
          value={view}
          onChange={(v) => setView(v as View)}
          data={[
            { value: 'month', label: t('calendar.month') },
            { value: 'week', label: t('calendar.week') },
          ]}
        />
      </Group>
      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        <div className={classes.grid} role="group" aria-label={t('calendar.title')}>
          {weekdays.map((w) => (
            <div key={w} className={classes.weekday} aria-hidden>
              {w}
            </div>
          ))}
          {days.map((day) => (
            <Day
              key={key(day)}
              day={day}
              inMonth={view === 'week' || day.month() === anchor.month()}
              posts={byDay.get(key(day)) ?? []}
              onAddPost={onAddPost}
              actions={actions}
            />
          ))}
        </div>
      </DndContext>
    </Card>
  );
}
