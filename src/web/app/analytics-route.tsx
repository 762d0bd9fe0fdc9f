import { AnalyticsPage } from '../features/analytics/components/analytics-page';
import { LocaleDatesProvider } from './dates-provider';

/** /analytics: Platform Performance, its date range picker in the UI language. */
export function AnalyticsRoute() {
  return (
    <LocaleDatesProvider>
      <AnalyticsPage />
    </LocaleDatesProvider>
  );
}
