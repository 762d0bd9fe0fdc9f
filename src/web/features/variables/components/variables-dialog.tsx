import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  VARIABLE_NAME_MAX,
  VARIABLE_VALUE_MAX,
  VariableNameSchema,
} from '../../../../shared/api/variables.schemas';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useDeleteVariable } from '../api/delete-variable';
import { useVariables } from '../api/get-variables';
import { useSetVariable } from '../api/set-variable';

/** Manage Variables: name and value, add, and the list of name: value with edit and delete. */
export function VariablesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const variables = useVariables();
  const set = useSetVariable();
  const remove = useDeleteVariable();
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    if (!name.trim() || !value.trim()) return setProblem(t('variables.required'));
    if (!VariableNameSchema.safeParse(name.trim()).success) return setProblem(t('variables.nameInvalid'));
    setProblem(null);
    set.mutate(
      { name: name.trim(), value },
      {
        onSuccess: () => {
          setName('');
          setValue('');
        },
        onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('variables.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size={400}
      closeOnClickOutside={false}
      centered
    >
      <Stack>
        <TextInput
          label={t('variables.name')}
          value={name}
          maxLength={VARIABLE_NAME_MAX}
          onChange={(e) => setName(e.currentTarget.value)}
          error={problem}
        />
        <TextInput
          label={t('variables.value')}
          value={value}
          maxLength={VARIABLE_VALUE_MAX}
          onChange={(e) => setValue(e.currentTarget.value)}
        />
        <Button onClick={add} loading={set.isPending}>
          {t('variables.add')}
        </Button>
        {Object.entries(variables.data ?? {}).map(([n, v]) => (
          <Group key={n} justify="space-between" wrap="nowrap">
            <Text size="sm" truncate>
              <b>{n}</b>: {v}
            </Text>
            <Group gap={2} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                aria-label={t('variables.edit', { name: n })}
                onClick={() => {
                  setName(n);
                  setValue(v);
                }}
              >
                <IconPencil size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('variables.delete', { name: n })}
                onClick={() => remove.mutate(n)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        ))}
      </Stack>
    </Modal>
  );
}
