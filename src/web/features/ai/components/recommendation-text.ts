import type { i18n as I18n, TFunction } from 'i18next';
import type { Recommendation } from '../../../../shared/api/ai.schemas';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';

/**
 * One recommendation in the reader's language: `ai.rec.<code>` filled with the network's name and the
 * rule's values ("X: 37 characters over"). A model's advice (`model`) is shown in its own words.
 */
export function recommendationText(t: TFunction, i18n: I18n, rec: Recommendation): string {
  const key = `ai.rec.${rec.code}`;
  if (rec.code === 'model' || !i18n.exists(key)) return rec.text ?? '';
  return t(key, { ...rec.values, platform: rec.platform ? PLATFORM_NAMES[rec.platform] : '' });
}
