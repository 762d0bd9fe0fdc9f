import { type ComponentType, createContext, useContext } from 'react';
import type { Insights } from '../../../../shared/api/ai.schemas';

/**
 * Another feature's part inside the recurring posts, filled by the app (decision 009: features meet in
 * the app layer), so the recurring feature never imports the ai feature.
 */
export interface RecurringSlots {
  /** A recurring post's stored AI insights (null: none yet). */
  insights?: ComponentType<{ insights: Insights | null }>;
  /** A recurring post's comments. */
  comments?: ComponentType<{ recurringId: string }>;
}

const RecurringSlotsContext = createContext<RecurringSlots>({});

export const RecurringSlotsProvider = RecurringSlotsContext.Provider;
export const useRecurringSlots = () => useContext(RecurringSlotsContext);
