import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type CreatedToken,
  type CreateTokenWrite,
  CreateTokenBodySchema,
  TOKEN_EXPIRY_DAYS,
} from '../../../../shared/api/tokens.schemas';
import { CopyableSecret } from '../../../components/copyable-secret';
import { ApiRequestError } from '../../../lib/api-client';
import { applyFieldErrors, errorMessage, fieldError } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useCreateToken } from '../api/create-token';

const NEVER = 'never';

/**
 * Names a new token and chooses how long it lasts; then shows the token, this once, with a copy button
 * and a warning that it cannot be shown again.
 */
export function CreateTokenDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateToken();
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const form = useForm<CreateTokenWrite>({
    resolver: zodResolver(CreateTokenBodySchema),
    defaultValues: { name: '', expiresInDays: 90 },
  });
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: setCreated,
      onError: (error) => {
        if (applyFieldErrors(error, form.setError)) return;
        const tooMany = error instanceof ApiRequestError && error.code === 'TOO_MANY_TOKENS';
        notify({
          color: 'red',
          message: tooMany
            ? t('apiTokens.tooMany', error.params)
            : errorMessage(t, error, 'apiTokens.createFailed'),
        });
      },
    }),
  );
  const expiryOptions = [
    { value: NEVER, label: t('apiTokens.expiry.never') },
    ...TOKEN_EXPIRY_DAYS.map((days) => ({
      value: String(days),
      label: t('apiTokens.expiry.days', { days }),
    })),
  ];

  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={created ? t('apiTokens.createdTitle') : t('apiTokens.createTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      // Clicking beside the dialog must not lose a token that is shown only once.
      closeOnClickOutside={!created}
    >
      {created ? (
        <Stack>
          <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {t('apiTokens.showOnce')}
          </Alert>
          <CopyableSecret
            value={created.token}
            label={t('apiTokens.yourToken', { name: created.name })}
            copyLabel={t('apiTokens.copy')}
            copiedLabel={t('apiTokens.copied')}
            testId="new-token"
          />
          <Text size="sm" c="dimmed">
            {t('apiTokens.usage')}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('apiTokens.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t('apiTokens.name')}
              description={t('apiTokens.nameHelp')}
              data-autofocus
              {...form.register('name')}
              error={fieldError(t, form.formState.errors, 'name', { max: 100 })}
            />
            <Controller
              control={form.control}
              name="expiresInDays"
              render={({ field }) => (
                <Select
                  label={t('apiTokens.expiresLabel')}
                  data={expiryOptions}
                  value={field.value === null || field.value === undefined ? NEVER : String(field.value)}
                  onChange={(value) =>
                    field.onChange(
                      !value || value === NEVER ? null : (Number(value) as CreateTokenWrite['expiresInDays']),
                    )
                  }
                  allowDeselect={false}
                  error={fieldError(t, form.formState.errors, 'expiresInDays')}
                />
              )}
            />
          </Stack>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('apiTokens.create')}
            </Button>
          </Group>
        </form>
      )}
    </Modal>
  );
}
