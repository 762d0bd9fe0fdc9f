import { Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck, IconChevronDown, IconPlus, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { can } from '../../../../shared/workspaces/rules';
import { useWorkspaceId, workspacePath } from '../../../lib/workspace';
import { useWorkspaces } from '../api/get-workspaces';
import { CreateWorkspaceModal } from './create-workspace-modal';
import classes from './workspace-switcher.module.css';

/** The path of the page being read, inside another workspace: the same page there. */
function samePageIn(id: string, pathname: string, current: string | undefined) {
  const inside = current && pathname.startsWith(`/w/${current}/`);
  return workspacePath(id, inside ? pathname.slice(`/w/${current}`.length) : '/posts');
}

/** The top bar's workspace menu: which one this tab is in, the others, a new one, its settings. */
export function WorkspaceSwitcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data } = useWorkspaces();
  const [creating, { open, close }] = useDisclosure(false);
  const current = useWorkspaceId();
  const workspaces = data?.data ?? [];
  const active = workspaces.find((w) => w.id === current) ?? workspaces[0];
  if (!active) return null;
  const nameOf = (w: (typeof workspaces)[number]) => (w.personal ? t('workspaces.personalName') : w.name);

  return (
    <>
      <Menu position="bottom-end" withinPortal width={260}>
        <Menu.Target>
          <UnstyledButton
            className={classes.target}
            aria-label={t('workspaces.switch', { name: nameOf(active) })}
          >
            <Text span size="sm" fw={600} truncate="end" className={classes.name} dir="auto">
              {nameOf(active)}
            </Text>
            <IconChevronDown size={16} aria-hidden />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('workspaces.title')}</Menu.Label>
          {workspaces.map((w) => (
            <Menu.Item
              key={w.id}
              onClick={() => void navigate(samePageIn(w.id, pathname, current))}
              rightSection={
                w.id === active.id ? <IconCheck size={16} aria-label={t('workspaces.current')} /> : null
              }
            >
              <Text span size="sm" truncate="end" display="block" dir="auto">
                {nameOf(w)}
              </Text>
              <Text span size="xs" c="dimmed">
                {t(`workspaces.roles.${w.role}`)}
              </Text>
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconSettings size={16} aria-hidden />}
            onClick={() => void navigate(workspacePath(active.id, '/workspace'))}
          >
            {t(can(active.role, 'manageSettings') ? 'workspaces.settings' : 'workspaces.membersMenu')}
          </Menu.Item>
          <Menu.Item leftSection={<IconPlus size={16} aria-hidden />} onClick={open}>
            {t('workspaces.create')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <CreateWorkspaceModal
        opened={creating}
        onClose={close}
        onCreated={(id) => {
          close();
          void navigate(workspacePath(id, '/posts'));
        }}
      />
    </>
  );
}
