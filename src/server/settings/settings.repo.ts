import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema';

/** Typed access to the key/value settings table; each key's default lives here. */
const DEFAULTS = { trialDurationDays: 7 } as const;
type SettingKey = keyof typeof DEFAULTS;

export function createSettingsRepo(db: Db) {
  return {
    async get<K extends SettingKey>(key: K): Promise<(typeof DEFAULTS)[K]> {
      const [row] = await db
        .select({ value: appSettings.value })
        .from(appSettings)
        .where(eq(appSettings.key, key));
      return (row?.value as (typeof DEFAULTS)[K] | undefined) ?? DEFAULTS[key];
    },
    async set<K extends SettingKey>(key: K, value: number) {
      await db
        .insert(appSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
    },
  };
}
export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
