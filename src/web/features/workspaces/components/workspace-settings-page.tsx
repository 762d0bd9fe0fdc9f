import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Container, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { WORKSPACE_NAME_MAX, type Workspace } from '../../../../shared/api/workspaces.schemas';
import { can } from '../../../../shared/workspaces/rules';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ZoneSelect } from '../../../components/zone-select';
import { applyFieldErrors, errorMessage, fieldError } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { zoneOptions } from '../../../lib/time-zone';
import { useWorkspaces } from '../api/get-workspaces';
import { useLeaveWorkspace, useMembers } from '../api/members';
import { useDeleteWorkspace, useUpdateWorkspace } from '../api/save-workspace';
import { MembersCard } from './members-card';
import { workspacePath } from '../../../lib/workspace';
import { useCurrentWorkspace } from '../../../lib/workspace-role';

/** The select's value for "no zone of its own": each member's own zone then applies. */
const MEMBERS_OWN = '';

const FormSchema = z.object({
  name: z.string().trim().min(1, 'workspaces.nameRequired').max(WORKSPACE_NAME_MAX, 'workspaces.nameTooLong'),
  timeZone: z.string(),
  approvalRequired: z.boolean(),
});
type FormValues = z.infer<typeof FormSchema>;

function SettingsForm({ workspace }: { workspace: Workspace }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateWorkspace();
  const form = useForm<FormValues>({
    resolver: zodResolver(FormSchema),
    defaultValues: {
      name: workspace.name,
      timeZone: workspace.timeZone ?? MEMBERS_OWN,
      approvalRequired: workspace.approvalRequired,
    },
  });
  const zones = zoneOptions(workspace.timeZone ?? 'UTC', i18n.language);
  const options = [{ value: MEMBERS_OWN, label: t('workspaces.timeZoneMembers') }, ...zones];
  const submit = form.handleSubmit((values) =>
    update.mutate(
      {
        id: workspace.id,
        body: {
          ...(workspace.personal ? {} : { name: values.name }),
          timeZone: values.timeZone === MEMBERS_OWN ? null : values.timeZone,
          approvalRequired: values.approvalRequired,
        },
      },
      {
        onSuccess: () => notify({ color: 'green', message: t('workspaces.saved') }),
        onError: (error) => {
          applyFieldErrors(error, form.setError);
          notify({ color: 'red', message: errorMessage(t, error, 'workspaces.saveFailed') });
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {workspace.personal ? (
          <Text size="sm">{t('workspaces.personalHelp')}</Text>
        ) : (
          <TextInput
            label={t('workspaces.name')}
            {...form.register('name')}
            error={fieldError(t, form.formState.errors, 'name')}
          />
        )}
        <Controller
          control={form.control}
          name="timeZone"
          render={({ field }) => (
            <ZoneSelect
              label={t('workspaces.timeZone')}
              description={t('workspaces.timeZoneHelp')}
              options={options}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldError(t, form.formState.errors, 'timeZone')}
            />
          )}
        />
        <Controller
          control={form.control}
          name="approvalRequired"
          render={({ field }) => (
            <Switch
              label={t('workspaces.approvalRequired')}
              description={t('workspaces.approvalRequiredHelp')}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
            />
          )}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Deleting it, then on to the personal workspace (`personal`, its id). */
function DeleteWorkspace({ workspace, personal }: { workspace: Workspace; personal?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteWorkspace();
  const [asking, setAsking] = useState(false);
  return (
    <Card withBorder padding="lg">
      <Stack align="flex-start">
        <Title order={2} size="h3">
          {t('workspaces.deleteTitle')}
        </Title>
        <Text size="sm">{t('workspaces.deleteHelp')}</Text>
        <Button color="red" variant="light" onClick={() => setAsking(true)}>
          {t('workspaces.delete')}
        </Button>
      </Stack>
      {asking && (
        <ConfirmDialog
          title={t('workspaces.deleteConfirmTitle', { name: workspace.name })}
          confirmLabel={t('workspaces.delete')}
          loading={remove.isPending}
          onClose={() => setAsking(false)}
          onConfirm={() =>
            remove.mutate(workspace.id, {
              onSuccess: () => {
                notify({ color: 'green', message: t('workspaces.deleted', { name: workspace.name }) });
                void navigate(personal ? workspacePath(personal, '/posts') : '/posts', { replace: true });
                void remove.forget();
              },
              onError: (error) =>
                notify({ color: 'red', message: errorMessage(t, error, 'workspaces.deleteFailed') }),
            })
          }
        >
          <Text size="sm">{t('workspaces.deleteConfirm', { name: workspace.name })}</Text>
        </ConfirmDialog>
      )}
    </Card>
  );
}

/** Leaving it, for any member but its last owner, then on to the personal workspace (`personal`). */
function LeaveWorkspace({ workspace, personal }: { workspace: Workspace; personal?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useLeaveWorkspace();
  const [asking, setAsking] = useState(false);
  // The last owner may not leave (the server says so too): they are told how, instead of a button.
  const { data: members } = useMembers(workspace.id);
  const owners = members?.data.filter((m) => m.role === 'owner').length ?? 0;
  const onlyOwner = workspace.role === 'owner' && owners === 1;
  return (
    <Card withBorder padding="lg">
      <Stack align="flex-start">
        <Title order={2} size="h3">
          {t('members.leaveTitle')}
        </Title>
        <Text size="sm">{t('members.leaveHelp')}</Text>
        {onlyOwner ? (
          <Text size="sm" c="dimmed">
            {t('members.onlyOwner')}
          </Text>
        ) : (
          <Button color="red" variant="light" onClick={() => setAsking(true)}>
            {t('members.leave')}
          </Button>
        )}
      </Stack>
      {asking && (
        <ConfirmDialog
          title={t('members.leaveConfirmTitle', { name: workspace.name })}
          confirmLabel={t('members.leave')}
          loading={leave.isPending}
          onClose={() => setAsking(false)}
          onConfirm={() =>
            leave.mutate(workspace.id, {
              onSuccess: () => {
                notify({ color: 'green', message: t('members.left', { name: workspace.name }) });
                void navigate(personal ? workspacePath(personal, '/posts') : '/posts', { replace: true });
                void leave.forget();
              },
              onError: (error) =>
                notify({ color: 'red', message: errorMessage(t, error, 'members.leaveFailed') }),
            })
          }
        >
          <Text size="sm">{t('members.leaveConfirm', { name: workspace.name })}</Text>
        </ConfirmDialog>
      )}
    </Card>
  );
}

/**
 * `/w/<id>/workspace`: its name and time zone (owners and admins), its members and invitations (everyone
 * sees who is there), what the app adds (`children`: the client review links), leaving it, and deleting it.
 */
export function WorkspaceSettingsPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const { data } = useWorkspaces();
  const personal = data?.data.find((w) => w.personal)?.id;
  if (!workspace) return null;
  const title = workspace.personal ? t('workspaces.personalName') : workspace.name;
  return (
    <Container size="md" py="xl">
      <Stack>
        <div>
          <Title order={1}>{t('workspaces.settingsTitle')}</Title>
          <Text c="dimmed">{title}</Text>
        </div>
        {can(workspace.role, 'manageSettings') && (
          <Card withBorder padding="lg">
            <SettingsForm key={workspace.id} workspace={workspace} />
          </Card>
        )}
        <MembersCard key={workspace.id} workspace={workspace} />
        {children}
        {!workspace.personal && <LeaveWorkspace workspace={workspace} personal={personal} />}
        {can(workspace.role, 'own') && !workspace.personal && (
          <DeleteWorkspace workspace={workspace} personal={personal} />
        )}
      </Stack>
    </Container>
  );
}
