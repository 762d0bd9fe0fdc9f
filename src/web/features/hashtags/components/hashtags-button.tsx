import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HashtagDialog } from './hashtag-dialog';

/** The composer's Add Hashtags: the button and its dialog, which puts tags in at the cursor (`insert`). */
export function HashtagsButton({ insert, text }: { insert: (text: string) => void; text: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip label={t('hashtags.tooltip')} openDelay={1000}>
        <ActionIcon
          variant="light"
          size="lg"
          aria-label={t('hashtags.tooltip')}
          onClick={() => setOpen(true)}
        >
          <IconHash size={18} />
        </ActionIcon>
      </Tooltip>
      {open && <HashtagDialog text={text} onInsert={insert} onClose={() => setOpen(false)} />}
    </>
  );
}
