import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../shared/locales';
import { PLATFORM_ERROR_CODES } from '../../../shared/platforms/error-codes';
import { targetLabel, targetReason } from './target-status';

const messages = (locale: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../i18n/${locale}.json`, import.meta.url)), 'utf8')) as {
    networkErrors: Record<string, string>;
  };

describe.each(LOCALES)('every failure code in %s', (locale) => {
  const words = messages(locale).networkErrors;

  it('has its words', () => {
    const missing = PLATFORM_ERROR_CODES.filter((code) => !words[code]?.trim());
    expect(missing).toEqual([]);
  });

  it('shows those words on the card and in the details, never the code or the English text', async () => {
    const t = i18n.createInstance();
    await t.init({
      lng: locale,
      resources: { [locale]: { translation: messages(locale) } },
      interpolation: { escapeValue: false },
    });
    const english = messages('en').networkErrors;
    for (const code of PLATFORM_ERROR_CODES) {
      const target = {
        platform: 'linkedin' as const,
        status: 'failed' as const,
        lastErrorCode: code,
        lastError: 'Raw English from the network',
      };
      const reason = targetReason(t.t, target)!;
      // A key without words comes back as the key itself.
      expect(reason, code).not.toContain('networkErrors');
      if (locale !== 'en') expect(reason, code).not.toBe(english[code]!.replace('{{platform}}', 'LinkedIn'));
      expect(targetLabel(t.t, target, 'failed'), code).toContain(reason);
    }
  });

  it('words a code recorded before it was retired as the code that replaced it', async () => {
    const t = i18n.createInstance();
    await t.init({ lng: locale, resources: { [locale]: { translation: messages(locale) } } });
    const target = (lastErrorCode: string) => ({
      platform: 'tiktok' as const,
      status: 'failed' as const,
      lastErrorCode,
      lastError: 'TikTok refused the post (file_format_check_failed)',
    });
    for (const [old, current] of [
      ['still_processing', 'media_processing'],
      ['media_failed', 'media_processing_failed'],
      ['publish_failed', 'media_processing_failed'],
    ] as const)
      expect(targetReason(t.t, target(old)), old).toBe(targetReason(t.t, target(current)));
    expect(targetReason(t.t, target('media_processing'))).toBe(
      words.media_processing!.replace('{{platform}}', 'TikTok'),
    );
  });
});
