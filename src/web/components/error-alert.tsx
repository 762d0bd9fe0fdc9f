import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * The one style for a form's failure banner (login, password reset, first administrator): red tint, red
 * edge and icon, and the message in the body text colour, so it reads at well over 4.5:1 in both colour
 * schemes (white on Mantine's filled red is 3.3:1). Announced at once as an alert.
 */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertCircle size={20} aria-hidden />}
      styles={{ root: { borderInlineStart: '4px solid var(--mantine-color-red-filled)' } }}
    >
      {children}
    </Alert>
  );
}
