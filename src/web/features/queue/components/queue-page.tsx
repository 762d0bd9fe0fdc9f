import {
  DndContext,
  type DragEndEvent,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconClockEdit,
  IconGripVertical,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerSkipForward,
  IconRestore,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Queue, QueueSlot, Schedule } from '../../../../shared/api/queue.schemas';
import { QUEUE_READ_MAX } from '../../../../shared/api/queue.schemas';
import { cardHtml } from '../../../../shared/card-html';
import { PLATFORM_ICONS } from '../../../components/platform-icon';
import { errorMessage } from '../../../lib/error-message';
import { formatDayTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { useProfile } from '../../../lib/session';
import { useTimeZone } from '../../../lib/time-zone';
import { workspacePath, useWorkspaceId } from '../../../lib/workspace';
import { useCan } from '../../../lib/workspace-role';
import { targetName } from '../../../lib/accounts';
import { useQueue } from '../api/get-queue';
import { useReorderQueue } from '../api/reorder-queue';
import { useSaveSchedule } from '../api/save-schedule';
import { useSkipSlot } from '../api/skip-slot';
import { ScheduleDialog } from './schedule-dialog';
import { ScheduleSummary } from './schedule-summary';
import classes from './queue-page.module.css';

const PAGE = 20;

/**
 * An account's queue (issue 26): its posting times, and the next slots with their posts in order. Posts
 * move by drag and drop or by their Move up / Move down buttons (the times follow the slots); a slot can be
 * skipped; the queue can be paused. Times are on the viewer's clock (the profile's zone).
 */
export function QueuePage() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const accounts = profile?.accounts ?? [];
  const [params, setParams] = useSearchParams();
  const chosen = accounts.find((a) => a.id === params.get('account')) ?? accounts[0];
  const [slots, setSlots] = useState(PAGE);
  const queue = useQueue(chosen?.id ?? null, slots);
  const mayChange = useCan('scheduleWithoutApproval');
  const [editing, setEditing] = useState(false);
  const saveSchedule = useSaveSchedule();

  const pause = (schedule: Schedule, paused: boolean) =>
    saveSchedule.mutate(
      { accountId: chosen!.id, body: { ...schedule, paused } },
      {
        onSuccess: () =>
          notify({ color: 'green', message: t(paused ? 'queue.pausedDone' : 'queue.resumed') }),
        onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
      },
    );

  return (
    <Container size="md" py="md">
      <Stack>
        <Title order={1}>{t('queue.title')}</Title>
        <Text c="dimmed">{t('queue.intro')}</Text>
        {accounts.length === 0 ? (
          <Alert color="blue">{t('queue.noAccounts')}</Alert>
        ) : (
          <>
            <Select
              label={t('queue.account')}
              data={accounts.map((a) => ({
                value: a.id,
                label: targetName(t, { platform: a.platform, account: a.username }),
              }))}
              value={chosen?.id ?? null}
              onChange={(id) => {
                if (!id) return;
                setSlots(PAGE);
                setParams({ account: id }, { replace: true });
              }}
              allowDeselect={false}
              maw={360}
            />
            {queue.error && <Alert color="red">{errorMessage(t, queue.error)}</Alert>}
            {queue.data && (
              <QueueView
                queue={queue.data}
                mayChange={mayChange}
                onEdit={() => setEditing(true)}
                onPause={pause}
                pausing={saveSchedule.isPending}
                onMore={
                  slots < QUEUE_READ_MAX
                    ? () => setSlots((n) => Math.min(QUEUE_READ_MAX, n + PAGE))
                    : undefined
                }
              />
            )}
          </>
        )}
      </Stack>
      {editing && chosen && queue.data && (
        <ScheduleDialog
          account={chosen}
          schedule={queue.data.schedule}
          others={accounts.filter((a) => a.id !== chosen.id)}
          onClose={() => setEditing(false)}
        />
      )}
    </Container>
  );
}

function QueueView({
  queue,
  mayChange,
  onEdit,
  onPause,
  pausing,
  onMore,
}: {
  queue: Queue;
  mayChange: boolean;
  onEdit: () => void;
  onPause: (schedule: Schedule, paused: boolean) => void;
  pausing: boolean;
  onMore?: () => void;
}) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const reorder = useReorderQueue();
  const skip = useSkipSlot();
  const [announcement, setAnnouncement] = useState('');
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const { schedule } = queue;
  const accountId = queue.account.id;
  const queued = queue.slots.filter((s) => s.post);
  // Reordering names every queued post: possible when the list shows them all.
  const mayReorder = mayChange && queued.length === queue.queued;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= queued.length || from === to) return;
    const order = queued.map((s) => s.post!.id);
    const [moved] = order.splice(from, 1);
    order.splice(to, 0, moved!);
    reorder.mutate(
      { accountId, posts: order },
      {
        onSuccess: () =>
          setAnnouncement(
            t('queue.movedTo', { position: to + 1, time: formatDayTime(queued[to]!.at, { timeZone: zone }) }),
          ),
        onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
      },
    );
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const from = queued.findIndex((s) => s.post!.id === active.id);
    const to = queued.findIndex((s) => s.at === over.id);
    if (from >= 0 && to >= 0) move(from, to);
  };
  const setSkipped = (slot: QueueSlot, skipped: boolean) =>
    skip.mutate(
      { accountId, at: slot.at, skipped },
      {
        onSuccess: () =>
          setAnnouncement(
            t(skipped ? 'queue.skippedDone' : 'queue.unskippedDone', {
              time: formatDayTime(slot.at, { timeZone: zone }),
            }),
          ),
        onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
      },
    );

  return (
    <Stack>
      <Card withBorder padding="md">
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h4">
              {t('queue.postingTimes')}
            </Title>
            {mayChange && (
              <Group gap="xs">
                <Button variant="light" leftSection={<IconClockEdit size={16} />} onClick={onEdit}>
                  {t(schedule?.times.length ? 'queue.editTimes' : 'queue.setTimes')}
                </Button>
                {schedule && schedule.times.length > 0 && (
                  // Pause and resume: one button saying what it will do.
                  <Button
                    variant="default"
                    leftSection={
                      schedule.paused ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />
                    }
                    loading={pausing}
                    onClick={() => onPause(schedule, !schedule.paused)}
                  >
                    {t(schedule.paused ? 'queue.resume' : 'queue.pause')}
                  </Button>
                )}
              </Group>
            )}
          </Group>
          {schedule?.times.length ? (
            <ScheduleSummary schedule={schedule} />
          ) : (
            <Text c="dimmed">{t(mayChange ? 'queue.noTimes' : 'queue.noTimesAsk')}</Text>
          )}
        </Stack>
      </Card>
      {schedule?.paused && (
        <Alert color="yellow" role="status">
          {t('queue.pausedNote')}
        </Alert>
      )}
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('queue.upcoming')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('queue.count', { count: queue.queued })}
        </Text>
      </Group>
      <div aria-live="polite" className={classes.announcer}>
        {announcement}
      </div>
      {queue.slots.length === 0 && <Text c="dimmed">{t('queue.noSlots')}</Text>}
      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        <ol className={classes.list} aria-label={t('queue.upcoming')}>
          {queue.slots.map((slot) => {
            const index = slot.post ? queued.indexOf(slot) : -1;
            return (
              <SlotRow
                key={slot.at}
                slot={slot}
                zone={zone}
                mayChange={mayChange}
                mayReorder={mayReorder && !reorder.isPending}
                first={index === 0}
                last={index === queued.length - 1}
                onUp={() => move(index, index - 1)}
                onDown={() => move(index, index + 1)}
                onSkip={(skipped) => setSkipped(slot, skipped)}
              />
            );
          })}
        </ol>
      </DndContext>
      {onMore && queue.slots.length > 0 && (
        <Button variant="subtle" onClick={onMore} style={{ alignSelf: 'center' }}>
          {t('queue.showMore')}
        </Button>
      )}
    </Stack>
  );
}

function SlotRow({
  slot,
  zone,
  mayChange,
  mayReorder,
  first,
  last,
  onUp,
  onDown,
  onSkip,
}: {
  slot: QueueSlot;
  zone: string;
  mayChange: boolean;
  mayReorder: boolean;
  first: boolean;
  last: boolean;
  onUp: () => void;
  onDown: () => void;
  onSkip: (skipped: boolean) => void;
}) {
  const { t } = useTranslation();
  const workspace = useWorkspaceId();
  const { setNodeRef: dropRef, isOver } = useDroppable({ id: slot.at, disabled: !slot.post });
  const {
    attributes,
    listeners,
    setNodeRef: dragRef,
    transform,
  } = useDraggable({ id: slot.post?.id ?? `free ${slot.at}`, disabled: !slot.post || !mayReorder });
  const time = formatDayTime(slot.at, { timeZone: zone });
  const post = slot.post;
  const style = transform
    ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)`, zIndex: 2 }
    : undefined;
  return (
    <li
      ref={dropRef}
      className={classes.slot}
      data-kind={post ? 'post' : slot.skipped ? 'skipped' : 'free'}
      data-over={isOver || undefined}
    >
      <Text className={classes.time} size="sm" fw={600}>
        {time}
      </Text>
      {post ? (
        <div ref={dragRef} style={style} className={classes.post}>
          {mayReorder && (
            <span
              {...listeners}
              {...attributes}
              className={classes.grip}
              aria-label={t('queue.drag')}
              role="button"
            >
              <IconGripVertical size={16} aria-hidden />
            </span>
          )}
          <Group gap={4} wrap="nowrap" className={classes.icons}>
            {[...new Set(post.targets.map((x) => x.platform))].map((platform) => {
              const Icon = PLATFORM_ICONS[platform];
              return <Icon key={platform} size={16} aria-hidden />;
            })}
          </Group>
          <div
            dir="auto"
            className={classes.card}
            dangerouslySetInnerHTML={{ __html: cardHtml(post.card) }}
          />
          {post.status === 'awaiting_approval' && (
            <Badge color="grape" variant="light">
              {t('calendar.status.awaiting_approval')}
            </Badge>
          )}
          <Group gap={2} wrap="nowrap">
            {mayReorder && (
              <>
                <Tooltip label={t('queue.moveUp')}>
                  <ActionIcon variant="subtle" disabled={first} onClick={onUp} aria-label={t('queue.moveUp')}>
                    <IconArrowUp size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('queue.moveDown')}>
                  <ActionIcon
                    variant="subtle"
                    disabled={last}
                    onClick={onDown}
                    aria-label={t('queue.moveDown')}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Tooltip>
              </>
            )}
            <Tooltip label={t('queue.edit')}>
              <ActionIcon
                variant="subtle"
                component={Link}
                to={`${workspacePath(workspace ?? '', '/posts')}?edit=${post.id}`}
                aria-label={t('queue.edit')}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            {mayChange && (
              <Tooltip label={t('queue.skip')}>
                <ActionIcon
                  variant="subtle"
                  onClick={() => onSkip(true)}
                  aria-label={t('queue.skipAt', { time })}
                >
                  <IconPlayerSkipForward size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </div>
      ) : slot.skipped ? (
        <Group className={classes.empty} justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {t('queue.skipped')}
          </Text>
          {mayChange && (
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconRestore size={14} />}
              onClick={() => onSkip(false)}
            >
              {t('queue.unskip')}
            </Button>
          )}
        </Group>
      ) : (
        <Group className={classes.empty} justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {t('queue.free')}
          </Text>
          {mayChange && (
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              leftSection={<IconPlayerSkipForward size={14} />}
              onClick={() => onSkip(true)}
              aria-label={t('queue.skipAt', { time })}
            >
              {t('queue.skip')}
            </Button>
          )}
        </Group>
      )}
    </li>
  );
}
