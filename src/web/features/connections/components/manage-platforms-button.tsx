import { Button, type ButtonProps } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/workspace-role';

// The dialog (and the Bluesky form with its validation) loads when first opened.
const ManagePlatformsDialog = lazy(() =>
  import('./manage-platforms-dialog').then((m) => ({ default: m.ManagePlatformsDialog })),
);

/** "Manage Platforms", and the dialog it opens; absent for a role that cannot connect accounts. */
export function ManagePlatformsButton(props: ButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const allowed = useCan('manageAccounts');
  if (!allowed) return null;
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconPlugConnected size={18} aria-hidden />}
        {...props}
        onClick={() => setOpened(true)}
      >
        {t('connections.manage')}
      </Button>
      {opened && (
        <Suspense>
          <ManagePlatformsDialog onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
