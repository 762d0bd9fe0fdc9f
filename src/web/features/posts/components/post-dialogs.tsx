import { Button, Group, Modal } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarPost } from '../../../../shared/api/posts.schemas';
import { ConfirmDeleteDialog } from '../../../components/confirm-dialog';
import { ApiRequestError } from '../../../lib/api-client';
import { datePickerLabels } from '../../../lib/date-picker-labels';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { useDeletePost } from '../api/delete-post';
import { useReschedulePost } from '../api/reschedule-post';

const ymd = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

export function useRescheduleTo() {
  const { t, i18n } = useTranslation();
  const reschedule = useReschedulePost();
  return (post: CalendarPost, date: string) =>
    reschedule.mutate(
      { id: post.id, date },
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

/** Choose another day; the post keeps its time of day. */
export function RescheduleDialog({ post, onClose }: { post: CalendarPost; onClose: () => void }) {
  const { t } = useTranslation();
  const rescheduleTo = useRescheduleTo();
  const [date, setDate] = useState<string | null>(post.scheduledAt ? ymd(new Date(post.scheduledAt)) : null);
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
          if (!date) return;
          rescheduleTo(post, date);
          onClose();
        }}
      >
        <DatePickerInput
          label={t('calendar.newDate')}
          value={date}
          onChange={setDate}
          valueFormatter={({ date }) => (typeof date === 'string' ? formatDate(dayjs(date).toDate()) : '')}
          minDate={new Date()}
          ariaLabels={datePickerLabels(t)}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!date}>
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
