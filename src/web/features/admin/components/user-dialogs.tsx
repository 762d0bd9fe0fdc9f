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

function DialogButtons({
  onCancel,
  submitLabel,
  loading,
  color,
}: {
  onCancel: () => void;
  submitLabel: string;
  loading: boolean;
  color?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={loading} color={color}>
        {submitLabel}
      </Button>
    </Group>
  );
}

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
    update.mutate(
      { uid: user.uid, role },
      {
        onSuccess: () => {
          notify({ color: 'green', message: t('users.updated') });
          onClose();
        },
        onError: (error) => notify({ color: 'red', message: errorMessage(t, error, 'users.editFailed') }),
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      title={t('users.editTitle')}
      centered
    >
      <form onSubmit={submit}>
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
        <DialogButtons onCancel={onClose} submitLabel={t('common.save')} loading={update.isPending} />
      </form>
    </Modal>
  );
}

export function DeleteUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteUser();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    remove.mutate(user.uid, {
      onSuccess: () => {
        notify({ color: 'green', message: t('users.deleted') });
        onClose();
      },
      onError: (error) => notify({ color: 'red', message: errorMessage(t, error, 'users.deleteFailed') }),
    });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      title={t('common.confirmDeletion')}
      centered
    >
      <form onSubmit={submit}>
        <Text>{t('users.confirmDelete')}</Text>
        <Text c="dimmed" size="sm" mt="xs">
          {user.displayName} · {user.email}
        </Text>
        <DialogButtons
          onCancel={onClose}
          submitLabel={t('common.delete')}
          loading={remove.isPending}
          color="red"
        />
      </form>
    </Modal>
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
      {
        onSuccess: () => {
          notify({ color: 'green', message: t('users.trialExtended') });
          onClose();
        },
        onError: (error) => notify({ color: 'red', message: errorMessage(t, error, 'users.editFailed') }),
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      title={t('users.extendTrialTitle')}
      centered
    >
      <form onSubmit={submit}>
        <NumberInput
          label={t('users.extendTrialDays')}
          value={days}
          onChange={setDays}
          min={1}
          max={365}
          allowDecimal={false}
        />
        <DialogButtons onCancel={onClose} submitLabel={t('users.extendTrial')} loading={extend.isPending} />
      </form>
    </Modal>
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
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        notify({ color: 'green', message: t('users.created') });
        onClose();
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError))
          notify({ color: 'red', message: errorMessage(t, error, 'users.createFailed') });
      },
    }),
  );
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      title={t('users.createTitle')}
      centered
    >
      <form onSubmit={submit} noValidate>
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
        <DialogButtons onCancel={onClose} submitLabel={t('users.create')} loading={create.isPending} />
      </form>
    </Modal>
  );
}
