import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CreateWorkspaceSchema } from '../../../../shared/api/workspaces.schemas';
import { applyFieldErrors, errorMessage, fieldError } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useCreateWorkspace } from '../api/save-workspace';

const FormSchema = CreateWorkspaceSchema.pick({ name: true });
type FormValues = z.input<typeof FormSchema>;

/** A new workspace, with the user as its owner; it opens at once. */
export function CreateWorkspaceModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateWorkspace();
  const form = useForm<FormValues>({ resolver: zodResolver(FormSchema), defaultValues: { name: '' } });

  const submit = form.handleSubmit((values) =>
    create.mutate(
      { name: values.name },
      {
        onSuccess: (made) => {
          form.reset({ name: '' });
          notify({ color: 'green', message: t('workspaces.created', { name: made.name }) });
          onCreated(made.id);
        },
        onError: (error) => {
          applyFieldErrors(error, form.setError);
          notify({ color: 'red', message: errorMessage(t, error, 'workspaces.createFailed') });
        },
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t('workspaces.createTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t('workspaces.createHelp')}</Text>
          <TextInput
            label={t('workspaces.name')}
            data-autofocus
            {...form.register('name')}
            error={fieldError(t, form.formState.errors, 'name')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('workspaces.createSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
