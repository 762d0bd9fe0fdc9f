import { IconPlus } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { FreeSlot } from '../../../../shared/api/queue.schemas';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import { formatTime } from '../../../lib/format-date';
import classes from './free-slot.module.css';

/**
 * A free slot of the workspace's queues (issue 26): a dashed "+" at its time, in the hours or among a
 * day's cards in the list. It starts a post at that time for the slot's accounts.
 */
export function FreeSlotButton({
  slot,
  zone,
  onAddPost,
  inList = false,
  style,
}: {
  slot: FreeSlot;
  zone: string;
  onAddPost: (date: Date, accounts: FreeSlot['accounts']) => void;
  /** Among a day's cards (the list) rather than at its time in the hours. */
  inList?: boolean;
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  const time = formatTime(slot.at, { timeZone: zone });
  const label = t('calendar.freeSlot', {
    time,
    accounts: slot.accounts
      .map((a) => t('calendar.slotAccount', { account: a.username, network: PLATFORM_NAMES[a.platform] }))
      .join(', '),
  });
  return (
    <button
      type="button"
      className={`${classes.freeSlot} ${inList ? classes.inList : classes.inHours}`}
      style={style}
      aria-label={label}
      title={label}
      data-free-slot={slot.at}
      onClick={() => onAddPost(new Date(slot.at), slot.accounts)}
    >
      <IconPlus size={12} aria-hidden />
      <span className={classes.freeSlotTime}>
        {inList
          ? t('calendar.freeSlotShort', { time, accounts: slot.accounts.map((a) => a.username).join(', ') })
          : time}
      </span>
    </button>
  );
}
