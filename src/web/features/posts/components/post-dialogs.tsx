import { Button, Group, Modal } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarPost } from '../../../../shared/api/posts.schemas';
import { ConfirmDeleteDialog } from '../../../components/confirm-dialog';
import { ApiRequestError } from '../../../lib/api-client';
import { datePickerLabels } from '../../../lib/date-picker-labels';
import { errorMessage } from '../../../lib/error-message';
import { BROWSER_CLOCK, formatDate } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { toZonedWallClock, useTimeZone } from '../../../lib/time-zone';
import { useDeletePost } from '../api/delete-post';
import { useReschedulePost } from '../api/reschedule-post';

/** 'HH:mm', 00:00 to 23:59: what a time field holds (anchored, no repetition to backtrack over). */
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function useRescheduleTo() {
  const { t, i18n } = useTranslation();
  const reschedule = useReschedulePost();
  /** To `date` keeping the time of day, or with `at` to that time on the clock of its zone. */
  return (post: CalendarPost, date: string, at?: { time: string; timezone: string }) =>
    reschedule.mutate(
      { id: post.id, date, ...at },
      {
        onSuccess: () => notify({ color: 'green', message: t('calendar.rescheduled') }),
        onError: (error) => {
          // A refused date has no form field to show it beside: say the field's own reason ("Choose a
          // date and time in the future."), not the general "Some fields are not valid".
          const reason = error instanceof ApiRequestError ? Object.values(error.fields ?? {})[0] : undefined;
          const message = reason && i18n.exists(reason) ? t(reason) : errorMessage(t, error);
          notify({ color: 'red', message });
        },
      },
    );
}

/**
 * Choose another day and time, both on the calendar's clock (the profile's zone). A time left as it was
 * keeps the post's own time of day in its own zone; a new one is set on the calendar's clock.
 */
export function RescheduleDialog({ post, onClose }: { post: CalendarPost; onClose: () => void }) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const rescheduleTo = useRescheduleTo();
  const wall = post.scheduledAt ? toZonedWallClock(new Date(post.scheduledAt), zone) : null;
  const [date, setDate] = useState<string | null>(wall ? wall.slice(0, 10) : null);
  const [time, setTime] = useState(wall ? wall.slice(11, 16) : '');
  const timeValid = TIME.test(time);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('calendar.reschedule')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!date || !timeValid) return;
          rescheduleTo(post, date, time === wall?.slice(11, 16) ? undefined : { time, timezone: zone });
          onClose();
        }}
      >
        <DatePickerInput
          label={t('calendar.newDate')}
          value={date}
          onChange={setDate}
          valueFormatter={({ date }) =>
            typeof date === 'string' ? formatDate(dayjs(date).toDate(), BROWSER_CLOCK) : ''
          }
          minDate={new Date()}
          ariaLabels={datePickerLabels(t)}
        />
        <TimeInput
          label={t('calendar.newTime')}
          mt="sm"
          value={time}
          onChange={(e) => setTime(e.currentTarget.value)}
          error={time && !timeValid ? t('posts.timeInvalid') : undefined}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!date || !timeValid}>
            {t('calendar.reschedule')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

/** Asks, then deletes: a calendar card's post or a draft of the list (only its id is needed). */
export function DeletePostDialog({ post, onClose }: { post: Pick<CalendarPost, 'id'>; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeletePost();
  return (
    <ConfirmDeleteDialog
      message={t('calendar.confirmDelete')}
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(post.id, {
          onSuccess: () => {
            notify({ color: 'green', message: t('calendar.deleted') });
            onClose();
          },
          onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
        })
      }
    />
  );
}
