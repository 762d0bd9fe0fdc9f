import { useQueryClient } from '@tanstack/react-query';
import { Button, Container, Stack } from '@mantine/core';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import type { Workspace } from '../../../../shared/api/workspaces.schemas';
import { ErrorAlert } from '../../../components/error-alert';
import { Spinner } from '../../../components/spinner';
import { profileQueryKey } from '../../../lib/session';
import {
  currentWorkspace,
  preferredWorkspace,
  setCurrentWorkspace,
  useWorkspaceId,
  workspacePath,
} from '../../../lib/workspace';
import { useWorkspaces, workspacesQueryKey } from '../api/get-workspaces';

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Container py="xl">
      <Stack align="flex-start">
        <ErrorAlert>{t('workspaces.loadFailed')}</ErrorAlert>
        <Button variant="default" onClick={onRetry}>
          {t('workspaces.retry')}
        </Button>
      </Stack>
    </Container>
  );
}

/** Where a path without a workspace (`/posts?edit=…`) goes: the tab's workspace, the last used, or the personal one. */
function defaultWorkspace(list: Workspace[]): Workspace | undefined {
  const preferred = preferredWorkspace();
  return list.find((w) => w.id === preferred) ?? list[0];
}

/**
 * `/posts`, `/dashboard` … without a workspace: opened in the tab's workspace, else the last used, else
 * the personal one, keeping what follows (`?edit=…`).
 */
export function ToWorkspace() {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const { data, isPending, isError, refetch } = useWorkspaces();
  if (isPending) return <Spinner label={t('common.loading')} />;
  const target = data && defaultWorkspace(data.data);
  if (isError || !target) return <LoadFailed onRetry={() => void refetch()} />;
  return <Navigate to={workspacePath(target.id, pathname + search + hash)} replace />;
}

/**
 * `/w/<id>/…`: the pages of one workspace. Every API call then names it; entering another workspace
 * drops what the pages kept of the one before, and a workspace the user is not (or no longer) a member
 * of opens the same page in their default one (its posts, for the settings of a workspace: those are
 * the old workspace's, and a deleted one's settings page then goes where deleting it goes).
 */
export function WorkspaceScope() {
  const { t } = useTranslation();
  const { wid = '' } = useParams();
  const { pathname, search, hash } = useLocation();
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useWorkspaces();
  const found = data?.data.find((w) => w.id === wid);
  const entered = useWorkspaceId();

  // Before the pages below ask anything (their queries start in later effects): the tab's calls name it.
  useLayoutEffect(() => {
    if (!found || currentWorkspace() === found.id) return;
    const before = currentWorkspace();
    setCurrentWorkspace(found.id);
    // Everything kept was another workspace's (or none's): its posts, accounts, analytics …
    if (before !== undefined)
      queryClient.removeQueries({
        predicate: (query) =>
          query.queryKey[0] !== workspacesQueryKey[0] && query.queryKey[0] !== profileQueryKey[0],
      });
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  }, [found, queryClient]);

  if (isPending) return <Spinner label={t('common.loading')} />;
  if (isError) return <LoadFailed onRetry={() => void refetch()} />;
  if (!found) {
    const fallback = defaultWorkspace(data.data.filter((w) => w.id !== wid));
    if (!fallback) return <LoadFailed onRetry={() => void refetch()} />;
    // Another workspace's settings are not what the link meant: its posts are the nearest page.
    const page = pathname.slice(`/w/${wid}`.length);
    const rest = page === '' || page.startsWith('/workspace') ? '/posts' : page;
    return <Navigate to={workspacePath(fallback.id, rest + search + hash)} replace />;
  }
  if (entered !== found.id) return <Spinner label={t('common.loading')} />;
  return <Outlet key={found.id} />;
}
