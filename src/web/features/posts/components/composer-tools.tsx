import { ActionIcon, Button, Group, Select, Tooltip } from '@mantine/core';
import { IconHash, IconMoodSmile, IconTemplate } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Template } from '../../../../shared/api/templates.schemas';
import { useVariables } from '../api/variables';
import { EmojiDialog } from './emoji-dialog';
import { HashtagDialog } from './hashtag-dialog';
import { TemplatesDialog } from './templates/templates-dialog';

type Open = 'templates' | 'hashtags' | 'emoji' | null;

/** Make Templates, Add Hashtags and Add Emoji, above the editor, then the AI actions (`ai`). */
export function ComposerTools({
  insert,
  onUseTemplate,
  ai,
}: {
  insert: (text: string) => void;
  onUseTemplate: (template: Template) => void;
  ai?: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const variables = useVariables();
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
      {/* The insert-text picker: a saved variable's text goes in at the cursor. */}
      <Select
        size="xs"
        w={170}
        placeholder={t('composer.insertText')}
        aria-label={t('composer.insertText')}
        data={Object.keys(variables.data ?? {})}
        value={null}
        onChange={(name) => name && variables.data?.[name] !== undefined && insert(variables.data[name])}
        nothingFoundMessage={t('composer.noSavedText')}
      />
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
      {ai}
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
