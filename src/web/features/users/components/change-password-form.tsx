import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN } from '../../../../shared/api/fields';
import {
  type ChangePasswordFormValues,
  ChangePasswordFormSchema,
} from '../../../../shared/api/users.schemas';
import { applyFieldErrors, errorMessage, fieldError } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useChangePassword } from '../api/change-password';

/**
 * Current password, then the new one twice. A wrong current password is said at its field (and counts
 * towards this browser's sign-in lock-out on the server); success signs out the user's other sessions.
 * API tokens stay valid unless the user ticks "Also revoke my API tokens", and the form says so.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '', revokeApiTokens: false },
  });
  const errors = form.formState.errors;
  const error = (name: keyof ChangePasswordFormValues) => fieldError(t, errors, name, { min: PASSWORD_MIN });
  const toggle = { 'aria-label': t('common.togglePassword') };

  const submit = form.handleSubmit(({ currentPassword, newPassword, revokeApiTokens }) =>
    change.mutate(
      { currentPassword, newPassword, revokeApiTokens },
      {
        onSuccess: () => {
          form.reset();
          notify({
            color: 'green',
            message: t(revokeApiTokens ? 'profile.passwordChangedTokensRevoked' : 'profile.passwordChanged'),
          });
        },
        onError: (failure) => {
          applyFieldErrors(failure, form.setError);
          notify({ color: 'red', message: errorMessage(t, failure, 'profile.passwordFailed') });
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <PasswordInput
          label={t('profile.currentPassword')}
          autoComplete="current-password"
          visibilityToggleButtonProps={toggle}
          {...form.register('currentPassword')}
          error={error('currentPassword')}
        />
        <PasswordInput
          label={t('profile.newPassword')}
          description={t('profile.passwordRules', { min: PASSWORD_MIN })}
          autoComplete="new-password"
          visibilityToggleButtonProps={toggle}
          {...form.register('newPassword')}
          error={error('newPassword')}
        />
        <PasswordInput
          label={t('profile.confirmPassword')}
          autoComplete="new-password"
          visibilityToggleButtonProps={toggle}
          {...form.register('confirmPassword')}
          error={error('confirmPassword')}
        />
        <Checkbox
          label={t('profile.revokeTokens')}
          description={t('profile.revokeTokensHelp')}
          {...form.register('revokeApiTokens')}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('profile.changePassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
