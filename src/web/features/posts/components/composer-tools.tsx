import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconHash, IconMoodSmile, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Template } from '../../../../shared/api/templates.schemas';
import { EmojiDialog } from './emoji-dialog';
import { HashtagDialog } from './hashtag-dialog';
import { TemplatesDialog } from './templates/templates-dialog';

type Open = 'templates' | 'hashtags' | 'emoji' | null;

/** Make Templates, Add Hashtags and Add Emoji, above the editor. */
export function ComposerTools({
  insert,
  onUseTemplate,
}: {
  insert: (text: string) => void;
  onUseTemplate: (template: Template) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconTemplate size={16} />}
        onClick={() => setOpen('templates')}
      >
        {t('templates.open')}
      </Button>
      <Tooltip label={t('hashtags.tooltip')} openDelay={1000}>
        <ActionIcon
          variant="light"
          size="lg"
          aria-label={t('hashtags.tooltip')}
          onClick={() => setOpen('hashtags')}
        >
          <IconHash size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('emoji.tooltip')} openDelay={1000}>
        <ActionIcon
          variant="light"
          size="lg"
          aria-label={t('emoji.tooltip')}
          onClick={() => setOpen('emoji')}
        >
          <IconMoodSmile size={18} />
        </ActionIcon>
      </Tooltip>
      {open === 'templates' && (
        <TemplatesDialog
          onClose={close}
          onUse={(template) => {
            onUseTemplate(template);
            close();
          }}
        />
      )}
      {open === 'hashtags' && <HashtagDialog onInsert={insert} onClose={close} />}
      {open === 'emoji' && <EmojiDialog onPick={insert} onClose={close} />}
    </Group>
  );
}
