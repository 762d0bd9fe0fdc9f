import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN } from '../../../../shared/api/fields';
import {
  type AdminUser,
  type CreateUserBody,
  CreateUserBodySchema,
} from '../../../../shared/api/users.schemas';
import { type Role, ROLES } from '../../../../shared/roles';
import { applyFieldErrors, errorMessage, fieldError } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useCreateUser } from '../api/create-user';
import { useDeleteUser } from '../api/delete-user';
import { useExtendTrial } from '../api/extend-trial';
import { useUpdateUserRole } from '../api/update-user-role';

const roleOptions = (t: (key: string) => string, roles: readonly Role[]) =>
  roles.map((role) => ({ value: role, label: t(`roles.${role}`) }));

/** A dialog around one form: its fields, then Cancel (closes, changes nothing) and the submit button. */
function FormDialog(props: {
  title: string;
  onClose: () => void;
  onSubmit: (event: React.FormEvent) => void;
  submitLabel: string;
  loading: boolean;
  color?: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={props.onClose}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      title={props.title}
      centered
    >
      <form onSubmit={props.onSubmit} noValidate>
        {props.children}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={props.loading} color={props.color}>
            {props.submitLabel}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

/** The spec's notifications: success closes the dialog; a failure says why when the server knows. */
const outcome = (t: TFunction, successKey: string, failureKey: string, onClose: () => void) => ({
  onSuccess: () => {
    notify({ color: 'green', message: t(successKey) });
    onClose();
  },
  onError: (error: unknown) => notify({ color: 'red', message: errorMessage(t, error, failureKey) }),
});

export function EditUserDialog({
  user,
  roles,
  onClose,
}: {
  user: AdminUser;
  roles: Role[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateUserRole();
  const [role, setRole] = useState<Role>(user.role);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    update.mutate({ uid: user.uid, role }, outcome(t, 'users.updated', 'users.editFailed', onClose));
  };
  return (
    <FormDialog
      title={t('users.editTitle')}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('common.save')}
      loading={update.isPending}
    >
      <Stack>
        <Text fw={500}>
          {user.displayName} · {user.email}
        </Text>
        <Select
          label={t('users.role')}
          data={roleOptions(t, roles)}
          value={role}
          onChange={(value) => value && setRole(value as Role)}
          allowDeselect={false}
        />
      </Stack>
    </FormDialog>
  );
}

export function DeleteUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteUser();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    remove.mutate(user.uid, outcome(t, 'users.deleted', 'users.deleteFailed', onClose));
  };
  return (
    <FormDialog
      title={t('common.confirmDeletion')}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('common.delete')}
      loading={remove.isPending}
      color="red"
    >
      <Text>{t('users.confirmDelete')}</Text>
      <Text c="dimmed" size="sm" mt="xs">
        {user.displayName} · {user.email}
      </Text>
    </FormDialog>
  );
}

export function ExtendTrialDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const extend = useExtendTrial();
  const [days, setDays] = useState<string | number>(7);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    extend.mutate(
      { uid: user.uid, days: Number(days) },
      outcome(t, 'users.trialExtended', 'users.editFailed', onClose),
    );
  };
  return (
    <FormDialog
      title={t('users.extendTrialTitle')}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('users.extendTrial')}
      loading={extend.isPending}
    >
      <NumberInput
        label={t('users.extendTrialDays')}
        value={days}
        onChange={setDays}
        min={1}
        max={365}
        allowDecimal={false}
      />
    </FormDialog>
  );
}

export function CreateUserDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateUser();
  const form = useForm<CreateUserBody>({
    resolver: zodResolver(CreateUserBodySchema),
    defaultValues: { displayName: '', email: '', password: '', role: 'user' },
  });
  const errors = form.formState.errors;
  const { onSuccess, onError } = outcome(t, 'users.created', 'users.createFailed', onClose);
  // A field the server refused (an email in use) is shown at the field; anything else as a notification.
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess,
      onError: (error) => applyFieldErrors(error, form.setError) || onError(error),
    }),
  );
  return (
    <FormDialog
      title={t('users.createTitle')}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('users.create')}
      loading={create.isPending}
    >
      <Stack>
        <TextInput
          label={t('users.displayName')}
          {...form.register('displayName')}
          error={fieldError(t, errors, 'displayName')}
        />
        <TextInput
          label={t('login.email')}
          type="email"
          {...form.register('email')}
          error={fieldError(t, errors, 'email')}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
          {...form.register('password')}
          error={fieldError(t, errors, 'password', { min: PASSWORD_MIN })}
        />
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <Select
              label={t('users.role')}
              data={roleOptions(t, ROLES)}
              value={field.value}
              onChange={(value) => value && field.onChange(value)}
              allowDeselect={false}
              error={fieldError(t, errors, 'role')}
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
