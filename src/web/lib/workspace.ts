import { useSyncExternalStore } from 'react';

/**
 * The workspace this tab acts in (decision 042): set from the URL (`/w/<id>/…`) by the workspace route,
 * sent with every API call as `X-Postwell-Workspace`, and remembered so that `/posts` (a bookmark, a
 * network's redirect after connecting an account) opens in the workspace last used.
 */
const STORAGE_KEY = 'postwell.workspace';
let current: string | undefined;
const listeners = new Set<() => void>();

export const currentWorkspace = () => current;

/** For `useSyncExternalStore`: told whenever the tab enters another workspace. */
export function subscribeWorkspace(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function setCurrentWorkspace(id: string) {
  current = id;
  for (const listener of listeners) listener();
  try {
    localStorage.setItem(STORAGE_KEY, id);
  } catch {
    // Storage may be off (private windows): the tab still knows its workspace.
  }
}

/** The workspace of this tab, else the one last used in this browser, else none (the personal one). */
export function preferredWorkspace(): string | undefined {
  if (current) return current;
  try {
    return localStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the workspace (signing out): the next user of this browser starts in their own. */
export function forgetWorkspace() {
  current = undefined;
  for (const listener of listeners) listener();
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** A path of the app inside workspace `id`: `/posts?x` → `/w/<id>/posts?x`. */
export const workspacePath = (id: string, path: string) =>
  `/w/${id}${path.startsWith('/') ? path : `/${path}`}`;

/** The workspace this tab is in, kept current in a component (undefined before the first is entered). */
export const useWorkspaceId = () => useSyncExternalStore(subscribeWorkspace, currentWorkspace);
