import { DirectionProvider, MantineProvider } from '@mantine/core';
import { LazyNotifications, notify } from '../lib/notify';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setUnauthorizedHandler } from '../lib/api-client';
import { noteSignedOut, profileQueryKey } from '../lib/session';
import { AppRoutes } from './router';
import { cssVariablesResolver, theme } from './theme';

const Notifications = lazy(LazyNotifications);

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});

/** Any 401 signs the user out (spec section 4): forget the session; the route guard sends them to /login. */
function useSignOutOnUnauthorized() {
  const { t } = useTranslation();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (!queryClient.getQueryData(profileQueryKey)) return;
      noteSignedOut(false);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== profileQueryKey[0] });
      queryClient.setQueryData(profileQueryKey, null);
      notify({ color: 'yellow', message: t('errors.sessionExpired') });
    });
    return () => setUnauthorizedHandler(undefined);
  }, [t]);
}

export function App() {
  useSignOutOnUnauthorized();
  return (
    <DirectionProvider>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
        <Suspense>
          <Notifications position="top-center" autoClose={2000} />
        </Suspense>
        <QueryClientProvider client={queryClient}>
          <AppRoutes />
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
