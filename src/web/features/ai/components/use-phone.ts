import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Below the `sm` breakpoint the AI dialogs take the whole screen, as the app's other dialogs do on phones. */
export function usePhone() {
  const theme = useMantineTheme();
  return useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 1px))`, false, {
    getInitialValueInEffect: false,
  });
}
