import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Center, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { notify } from '../../../lib/notify';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PASSWORD_MIN, newPasswordField } from '../../../../shared/api/fields';
import { errorMessage, fieldError } from '../../../lib/error-message';
import { useResetPassword } from '../api/reset-password';

const FormSchema = z
  .object({ newPassword: newPasswordField, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'resetPassword.mismatch',
  });
type FormValues = z.infer<typeof FormSchema>;

/** Where the reset mail's link lands: ?token=… when valid, ?error=INVALID_TOKEN when expired or used. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const reset = useResetPassword();
  const form = useForm<FormValues>({
    resolver: zodResolver(FormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(({ newPassword }) =>
    reset.mutate(
      { newPassword, token: token ?? '' },
      {
        onSuccess: () => {
          notify({ color: 'green', message: t('resetPassword.success') });
          void navigate('/login', { replace: true });
        },
      },
    ),
  );

  return (
    <Center py="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={440}>
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <Title order={1} size="h2">
              {t('resetPassword.title')}
            </Title>
            {!token || params.get('error') ? (
              <ErrorAlert>{t('resetPassword.invalidToken')}</ErrorAlert>
            ) : (
              <>
                {reset.isError && (
                  <ErrorAlert>{errorMessage(t, reset.error, 'resetPassword.invalidToken')}</ErrorAlert>
                )}
                <PasswordInput
                  visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
                  label={t('resetPassword.newPassword')}
                  autoComplete="new-password"
                  {...form.register('newPassword')}
                  error={fieldError(t, form.formState.errors, 'newPassword', { min: PASSWORD_MIN })}
                />
                <PasswordInput
                  visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
                  label={t('resetPassword.confirmPassword')}
                  autoComplete="new-password"
                  {...form.register('confirmPassword')}
                  error={fieldError(t, form.formState.errors, 'confirmPassword', { min: PASSWORD_MIN })}
                />
                <Button type="submit" loading={reset.isPending}>
                  {t('resetPassword.submit')}
                </Button>
              </>
            )}
            <Anchor component={Link} to="/login">
              {t('nav.login')}
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
