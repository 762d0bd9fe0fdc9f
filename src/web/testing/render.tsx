import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18n from 'i18next';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { WorkspaceRole } from '../../shared/workspaces/rules';
import en from '../i18n/en.json';
import { setCurrentWorkspace } from '../lib/workspace';
import { workspacesListOptions } from '../lib/workspaces-query';

// What jsdom lacks and Mantine reads.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
Element.prototype.scrollIntoView ??= () => {};
// An autosized Textarea listens for fonts loading.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: document.fonts ?? { addEventListener: () => {}, removeEventListener: () => {} },
});
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The workspace a rendered component acts in (decision 042). */
export const TEST_WORKSPACE_ID = '00000000-0000-4000-8000-0000000000aa';

/**
 * Renders a component as the app does: Mantine (with the toasts), TanStack Query (retries off), the
 * English messages and a router at `path`, in a workspace where the user's role is `role` (an owner,
 * unless told). `client` comes back to seed or read the cache.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    path = '/',
    client = testQueryClient(),
    role = 'owner',
  }: { path?: string; client?: QueryClient; role?: WorkspaceRole } = {},
) {
  // Toasts live in a module-wide store: start each render without the last test's.
  notifications.clean();
  setCurrentWorkspace(TEST_WORKSPACE_ID);
  client.setQueryData(workspacesListOptions.queryKey, {
    data: [
      { id: TEST_WORKSPACE_ID, name: 'Test', timeZone: null, approvalRequired: false, personal: true, role },
    ],
    current: TEST_WORKSPACE_ID,
  });
  const result = render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, client };
}

export const testQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });

/** Answers `fetch` calls by path (and method) with JSON, and records what was sent. */
export function fakeApi(routes: Record<string, (body: unknown) => { status: number; json?: unknown }>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    const handler = routes[`${method} ${path}`];
    if (!handler)
      return new Response(JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: path }), {
        status: 404,
      });
    const { status, json } = handler(body);
    return new Response(json === undefined ? null : JSON.stringify(json), { status });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}
