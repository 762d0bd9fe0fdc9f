import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CreateInvitationSchema, type InvitationMade } from '../../../../shared/api/members.schemas';
import type { Workspace } from '../../../../shared/api/workspaces.schemas';
import { assignableWorkspaceRoles, type WorkspaceRole } from '../../../../shared/workspaces/rules';
import { CopyableSecret } from '../../../components/copyable-secret';
import { applyFieldErrors, errorMessage, fieldError } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { useInvite } from '../api/members';

interface FormValues {
  email: string;
  role: WorkspaceRole;
}

/**
 * Invites someone by address with a role (never an owner, for an admin). When no mail can leave the
 * server, the link is shown to copy, with why.
 */
export function InviteModal({ workspace, onClose }: { workspace: Workspace; onClose: () => void }) {
  const { t } = useTranslation();
  const invite = useInvite(workspace.id);
  const [made, setMade] = useState<InvitationMade | null>(null);
  const roles = assignableWorkspaceRoles(workspace.role, 'reviewer');
  const form = useForm<FormValues>({
    resolver: zodResolver(CreateInvitationSchema),
    defaultValues: { email: '', role: 'editor' },
  });
  const role = useWatch({ control: form.control, name: 'role' });
  const submit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (answer) => {
        if (answer.link) return setMade(answer);
        notify({ color: 'green', message: t('invitations.sent', { email: answer.invitation.email }) });
        onClose();
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError);
        notify({ color: 'red', message: errorMessage(t, error, 'invitations.failed') });
      },
    }),
  );
  return (
    <Modal
      opened
      onClose={onClose}
      title={made ? t('invitations.linkTitle') : t('invitations.inviteTitle', { name: workspace.name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {made?.link ? (
        <Stack>
          <Text size="sm">
            {t('invitations.linkNoMail', {
              email: made.invitation.email,
              date: formatDate(made.invitation.expiresAt),
            })}
          </Text>
          <CopyableSecret
            value={made.link}
            label={t('invitations.link')}
            copyLabel={t('invitations.copy')}
            copiedLabel={t('invitations.copied')}
            testId="invitation-link"
          />
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('invitations.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">{t('invitations.help')}</Text>
            <TextInput
              label={t('invitations.email')}
              type="email"
              autoComplete="off"
              dir="ltr"
              data-autofocus
              {...form.register('email')}
              error={fieldError(t, form.formState.errors, 'email')}
            />
            <NativeSelect
              label={t('invitations.role')}
              description={t(`members.roleHelp.${role}`)}
              data={roles.map((role) => ({ value: role, label: t(`workspaces.roles.${role}`) }))}
              {...form.register('role')}
              error={fieldError(t, form.formState.errors, 'role')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={invite.isPending}>
                {t('invitations.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
