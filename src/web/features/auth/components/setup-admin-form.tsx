import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notify } from '../../../lib/notify';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { type CreateAdminBody, CreateAdminBodySchema } from '../../../../shared/api/auth.schemas';
import { PASSWORD_MIN } from '../../../../shared/api/fields';
import { applyFieldErrors, errorMessage, fieldError } from '../../../lib/error-message';
import { useCreateAdmin } from '../api/create-admin';

/** Shown on /login while the installation has no user: the first account becomes super_admin. */
export function SetupAdminForm({ onSubmitted }: { onSubmitted: () => void }) {
  const { t } = useTranslation();
  const createAdmin = useCreateAdmin();
  const form = useForm<CreateAdminBody>({
    resolver: zodResolver(CreateAdminBodySchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    onSubmitted();
    createAdmin.mutate(values, {
      onSuccess: () => notify({ color: 'green', message: t('setup.created') }),
      onError: (error) => applyFieldErrors(error, form.setError),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Title order={1} size="h2">
          {t('setup.title')}
        </Title>
        <Text c="dimmed">{t('setup.intro')}</Text>
        {createAdmin.isError && <ErrorAlert>{errorMessage(t, createAdmin.error)}</ErrorAlert>}
        <TextInput
          label={t('setup.name')}
          autoComplete="name"
          {...form.register('name')}
          error={fieldError(t, form.formState.errors, 'name', { min: PASSWORD_MIN })}
        />
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="email"
          {...form.register('email')}
          error={fieldError(t, form.formState.errors, 'email', { min: PASSWORD_MIN })}
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
          label={t('login.password')}
          autoComplete="new-password"
          {...form.register('password')}
          error={fieldError(t, form.formState.errors, 'password', { min: PASSWORD_MIN })}
        />
        <Button type="submit" loading={createAdmin.isPending}>
          {t('setup.submit')}
        </Button>
      </Stack>
    </form>
  );
}
