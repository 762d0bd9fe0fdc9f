import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useVariables } from '../api/get-variables';

/** The composer's insert-text picker: a saved variable's text goes in at the cursor (`insert`). */
export function InsertVariableSelect({ insert }: { insert: (text: string) => void }) {
  const { t } = useTranslation();
  const variables = useVariables();
  return (
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
  );
}
