import { InsightsSummary } from '../features/ai/components/insights-summary';
import { RecurringComments } from './comments-parts';
import { RecurringPosts } from '../features/recurring/components/recurring-posts';
import {
  type RecurringSlots,
  RecurringSlotsProvider,
} from '../features/recurring/components/recurring-slots';

/** A recurring post's AI insights come from the ai feature, its comments from the comments feature. */
const recurringSlots: RecurringSlots = { insights: InsightsSummary, comments: RecurringComments };

/**
 * The Recurring Posts tab of /posts: its own chunk, loaded when the tab is first opened. Its dialog's
 * uploaders and Edit Video come from the post-form parts the /posts route gives.
 */
export function RecurringTab() {
  return (
    <RecurringSlotsProvider value={recurringSlots}>
      <RecurringPosts />
    </RecurringSlotsProvider>
  );
}
