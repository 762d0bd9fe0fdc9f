import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';

/**
 * A card's pause-or-resume, change and remove buttons (a feed, an evergreen post): icons whose names say
 * what and which. Without `onPause`, no pause button (something finished has nothing to pause).
 */
export function CardActions({
  paused,
  labels,
  pausing,
  onPause,
  onEdit,
  onRemove,
}: {
  paused: boolean;
  /** The pause button's tooltip (`pause`/`resume`) and each button's accessible name. */
  labels: {
    pause: string;
    resume: string;
    pauseThis: string;
    resumeThis: string;
    edit: string;
    remove: string;
  };
  pausing: boolean;
  onPause?: (paused: boolean) => void;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      {onPause && (
        <Tooltip label={paused ? labels.resume : labels.pause}>
          <ActionIcon
            variant="subtle"
            aria-label={paused ? labels.resumeThis : labels.pauseThis}
            onClick={() => onPause(!paused)}
            loading={pausing}
          >
            {paused ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
      <ActionIcon variant="subtle" aria-label={labels.edit} onClick={onEdit}>
        <IconPencil size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={labels.remove} onClick={onRemove}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}
