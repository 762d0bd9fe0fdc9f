import { ReviewLinksCard } from '../features/review-links/components/review-links-card';
import { WorkspaceSettingsPage } from '../features/workspaces/components/workspace-settings-page';
import { LocaleDatesProvider } from './dates-provider';

/** `/w/<id>/workspace`: its settings and members, with the client review links (and their date picker). */
export function WorkspaceRoute() {
  return (
    <LocaleDatesProvider>
      <WorkspaceSettingsPage>
        <ReviewLinksCard />
      </WorkspaceSettingsPage>
    </LocaleDatesProvider>
  );
}
