import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CloseButton,
  Group,
  Modal,
  MultiSelect,
  Stack,
  Text,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconCopy, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Schedule } from '../../../../shared/api/queue.schemas';
import type { Account } from '../../../../shared/api/users.schemas';
import { ZoneSelect } from '../../../components/zone-select';
import { targetName } from '../../../lib/accounts';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useTimeZone, zoneOptions } from '../../../lib/time-zone';
import { useSaveSchedule } from '../api/save-schedule';
import { wallTime } from './schedule-summary';
import { DAY_ORDER, weekdayName } from './weekdays';
import classes from './schedule-dialog.module.css';

type Times = Schedule['times'];
const WORKDAYS = [0, 1, 2, 3, 4];
const sorted = (times: Times) => [...times].sort((a, b) => a.day - b.day || a.time.localeCompare(b.time));

/**
 * An account's posting times: per weekday, times of day on one zone's clocks. Saved, the queued posts
 * move to the new slots in their order. "Also apply to" sets the same times on other accounts.
 */
export function ScheduleDialog({
  account,
  schedule,
  others,
  onClose,
}: {
  account: Account;
  schedule: Schedule | null;
  others: Account[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const viewerZone = useTimeZone();
  const [timezone, setTimezone] = useState(schedule?.timezone ?? viewerZone);
  const [times, setTimes] = useState<Times>(schedule?.times ?? []);
  const [adding, setAdding] = useState<Record<number, string>>({});
  const [alsoTo, setAlsoTo] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveSchedule();
  const options = useMemo(() => zoneOptions(timezone, i18n.language), [timezone, i18n.language]);

  const add = (day: number) => {
    const time = adding[day];
    if (!time || !/^\d{2}:\d{2}$/.test(time)) return;
    if (!times.some((x) => x.day === day && x.time === time)) setTimes(sorted([...times, { day, time }]));
    setAdding({ ...adding, [day]: '' });
  };
  const remove = (day: number, time: string) =>
    setTimes(times.filter((x) => !(x.day === day && x.time === time)));
  // The times of the first weekday that has any, on every weekday.
  const source = WORKDAYS.find((day) => times.some((x) => x.day === day));
  const copyToWorkdays = () => {
    if (source === undefined) return;
    const mine = times.filter((x) => x.day === source).map((x) => x.time);
    setTimes(
      sorted([
        ...times.filter((x) => !WORKDAYS.includes(x.day)),
        ...WORKDAYS.flatMap((day) => mine.map((time) => ({ day, time }))),
      ]),
    );
  };

  const submit = async () => {
    setProblem(null);
    const body = { timezone, times, paused: schedule?.paused ?? false };
    try {
      for (const accountId of [account.id, ...alsoTo]) await save.mutateAsync({ accountId, body });
      notify({ color: 'green', message: t('queue.timesSaved') });
      onClose();
    } catch (error) {
      setProblem(errorMessage(t, error));
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('queue.timesTitle', {
        account: targetName(t, { platform: account.platform, account: account.username }),
      })}
      size="lg"
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {t('queue.timesHelp')}
        </Text>
        <ZoneSelect
          label={t('queue.zone')}
          description={t('queue.zoneHelp')}
          options={options}
          value={timezone}
          onChange={setTimezone}
          onBlur={() => undefined}
        />
        <Stack gap="xs" role="group" aria-label={t('queue.postingTimes')}>
          {DAY_ORDER.map((day) => {
            const name = weekdayName(day, i18n.language);
            return (
              <div key={day} className={classes.day}>
                <Text size="sm" fw={600} className={classes.dayName}>
                  {name}
                </Text>
                <Group gap={4} className={classes.dayTimes}>
                  {times
                    .filter((x) => x.day === day)
                    .map((x) => (
                      <Badge
                        key={x.time}
                        variant="light"
                        size="lg"
                        tt="none"
                        fw={500}
                        rightSection={
                          <CloseButton
                            size="xs"
                            onClick={() => remove(day, x.time)}
                            aria-label={t('queue.removeTime', { day: name, time: wallTime(x.time) })}
                          />
                        }
                      >
                        {wallTime(x.time)}
                      </Badge>
                    ))}
                </Group>
                <Group gap="xs" wrap="nowrap" className={classes.dayAdd}>
                  <TimeInput
                    aria-label={t('queue.newTime', { day: name })}
                    value={adding[day] ?? ''}
                    onChange={(event) => setAdding({ ...adding, [day]: event.currentTarget.value })}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') add(day);
                    }}
                    w="7.5rem"
                  />
                  <ActionIcon
                    variant="light"
                    onClick={() => add(day)}
                    aria-label={t('queue.addTime', { day: name })}
                  >
                    <IconPlus size={16} />
                  </ActionIcon>
                </Group>
              </div>
            );
          })}
        </Stack>
        {source !== undefined && (
          <Button
            variant="subtle"
            leftSection={<IconCopy size={16} />}
            onClick={copyToWorkdays}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('queue.copyToWorkdays', { day: weekdayName(source, i18n.language) })}
          </Button>
        )}
        {others.length > 0 && (
          <MultiSelect
            label={t('queue.alsoApply')}
            data={others.map((a) => ({
              value: a.id,
              label: targetName(t, { platform: a.platform, account: a.username }),
            }))}
            value={alsoTo}
            onChange={setAlsoTo}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
