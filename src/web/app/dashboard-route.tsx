import { ManagePlatformsButton } from '../features/connections/components/manage-platforms-button';
import { ReconnectAlert } from '../features/connections/components/reconnect-alert';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';

/** /dashboard, with Manage Platforms and the warning about accounts that need reconnecting. */
export function DashboardRoute() {
  return (
    <DashboardPage
      notices={<ReconnectAlert mb="lg" />}
      actions={<ManagePlatformsButton />}
      reconnect={<ManagePlatformsButton size="compact-sm" />}
    />
  );
}
