import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Template } from '../../../../shared/api/templates.schemas';
import { EmojiDialog } from './emoji-dialog';
import { usePostsSlots } from './posts-slots';

/**
 * Above the editor: Make Templates, the insert-text picker and Add Hashtags (other features' parts, from
 * the app's slots), Add Emoji, then the AI actions (`ai`).
 */
export function ComposerTools({
  insert,
  text,
  onUseTemplate,
  ai,
}: {
  insert: (text: string) => void;
  /** The post as plain text. */
  text: string;
  onUseTemplate: (template: Template) => void;
  ai?: ReactNode;
}) {
  const { t } = useTranslation();
  const { templates: Templates, insertText: InsertText, hashtags: Hashtags } = usePostsSlots();
  const [emoji, setEmoji] = useState(false);
  return (
    <Group gap="xs">
      {Templates && <Templates onUse={onUseTemplate} />}
      {InsertText && <InsertText insert={insert} />}
      {Hashtags && <Hashtags insert={insert} text={text} />}
      <Tooltip label={t('emoji.tooltip')} openDelay={1000}>
        <ActionIcon variant="light" size="lg" aria-label={t('emoji.tooltip')} onClick={() => setEmoji(true)}>
          <IconMoodSmile size={18} />
        </ActionIcon>
      </Tooltip>
      {ai}
      {emoji && <EmojiDialog onPick={insert} onClose={() => setEmoji(false)} />}
    </Group>
  );
}
