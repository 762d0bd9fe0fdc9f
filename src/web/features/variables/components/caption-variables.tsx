import { Button, Select } from '@mantine/core';
import { IconVariable } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVariables } from '../api/get-variables';
import { VariablesDialog } from './variables-dialog';

/**
 * Edit Video's variable controls: Manage Variables (its dialog), and a picker that puts `{{name}}` into
 * the caption being written (`insert`), filled with the variable's value when the video is rendered.
 */
export function CaptionVariables({ insert }: { insert: (text: string) => void }) {
  const { t } = useTranslation();
  const variables = useVariables();
  const [managing, setManaging] = useState(false);
  return (
    <>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconVariable size={14} />}
        onClick={() => setManaging(true)}
      >
        {t('variables.manage')}
      </Button>
      <Select
        size="xs"
        placeholder={t('variables.insert')}
        aria-label={t('variables.insert')}
        data={Object.keys(variables.data ?? {})}
        value={null}
        onChange={(name) => name && insert(`{{${name}}}`)}
        w={170}
      />
      {managing && <VariablesDialog onClose={() => setManaging(false)} />}
    </>
  );
}
