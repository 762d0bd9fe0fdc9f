import { Button } from '@mantine/core';
import { IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Template } from '../../../../shared/api/templates.schemas';
import { TemplatesDialog } from './templates-dialog';

/** The composer's Make Templates: the button and its dialog; the template chosen goes to `onUse`. */
export function TemplatesButton({ onUse }: { onUse: (template: Template) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconTemplate size={16} />}
        onClick={() => setOpen(true)}
      >
        {t('templates.open')}
      </Button>
      {open && (
        <TemplatesDialog
          onClose={() => setOpen(false)}
          onUse={(template) => {
            onUse(template);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
