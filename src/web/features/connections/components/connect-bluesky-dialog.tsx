import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { BlueskyConnectBodySchema } from '../../../../shared/api/connections.schemas';
import { applyFieldErrors, failureText, fieldError } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useConnectBluesky } from '../api/connect-bluesky';

type Fields = z.input<typeof BlueskyConnectBodySchema>;

/**
 * Connect Bluesky Account: handle and app password, never the main password. Persistent; opens with
 * empty fields (it is mounted anew each time); a failure is shown inside it.
 */
export function ConnectBlueskyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const connect = useConnectBluesky();
  const [problem, setProblem] = useState<string | null>(null);
  // Fields are checked when left and on submit, not while the first characters are typed.
  const form = useForm<Fields, unknown, z.output<typeof BlueskyConnectBodySchema>>({
    resolver: zodResolver(BlueskyConnectBodySchema),
    defaultValues: { handle: '', appPassword: '' },
    mode: 'onTouched',
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    setProblem(null);
    connect.mutate(values, {
      onSuccess: () => {
        notify({ color: 'green', message: t('connections.returned.ok', { platform: 'Bluesky' }) });
        onClose();
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError))
          setProblem(failureText(t, error, 'connections.bluesky.failed'));
      },
    });
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('connections.bluesky.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Alert color="blue" variant="light" role="note" icon={<IconInfoCircle size={18} aria-hidden />}>
            <Text size="sm">{t('connections.bluesky.note')}</Text>
          </Alert>
          <TextInput
            label={t('connections.bluesky.handle')}
            placeholder={t('connections.bluesky.handlePlaceholder')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            data-autofocus
            {...form.register('handle')}
            error={fieldError(t, errors, 'handle')}
          />
          <PasswordInput
            label={t('connections.bluesky.appPassword')}
            autoComplete="off"
            visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
            {...form.register('appPassword')}
            error={fieldError(t, errors, 'appPassword')}
          />
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={connect.isPending}>
              {t('connections.connect')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
