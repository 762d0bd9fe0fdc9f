import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../../shared/locales';
import { PLATFORM_ERROR_CODES } from '../../../../shared/platforms/error-codes';
import { readFailureText } from './read-failure';

const messages = (locale: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../i18n/${locale}.json`, import.meta.url)), 'utf8'));

/** Every code a reading can hold (and some it cannot), worded for a reading in every language. */
const CODES = [...PLATFORM_ERROR_CODES, 'still_processing', 'publish_failed', 'no_such_code', ''];

describe.each(LOCALES)('why a metric read stopped, in %s', (locale) => {
  const i18n = createInstance();
  void i18n.init({
    lng: locale,
    resources: { [locale]: { translation: messages(locale) } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });

  it('words every code with the network named and no placeholder left', () => {
    for (const code of CODES) {
      const text = readFailureText(i18n.t, i18n, code, 'Bluesky');
      expect(text, code).not.toMatch(/\{\{|\}\}/);
      // Only a failure in Postwell itself does not name the network.
      if (code !== 'internal') expect(text, code).toContain('Bluesky');
      // Never a raw key.
      expect(text, code).not.toMatch(/^(analytics|networkErrors)\./);
    }
  });

  it('says a reading was refused, or broke in Postwell, without words about publishing', () => {
    const refused = readFailureText(i18n.t, i18n, 'refused', 'X');
    const internal = readFailureText(i18n.t, i18n, 'internal', 'X');
    expect(refused).toBe(i18n.t('analytics.readErrors.refused', { platform: 'X' }));
    expect(internal).toBe(i18n.t('analytics.readErrors.internal', { platform: 'X' }));
    expect(internal).not.toBe(i18n.t('networkErrors.internal', { platform: 'X' }));
    expect(readFailureText(i18n.t, i18n, 'refresh_refused', 'X')).toBe(
      i18n.t('analytics.readErrors.access', { platform: 'X' }),
    );
    // A network-side failure reads the same as when publishing.
    expect(readFailureText(i18n.t, i18n, 'timeout', 'X')).toBe(
      i18n.t('networkErrors.timeout', { platform: 'X' }),
    );
  });
});

it('reads in English as a reading, not a publish', () => {
  const i18n = createInstance();
  void i18n.init({ lng: 'en', resources: { en: { translation: messages('en') } }, initAsync: false });
  expect(readFailureText(i18n.t, i18n, 'refused', 'X')).toBe("X refused to give this post's figures.");
  expect(readFailureText(i18n.t, i18n, 'internal', 'X')).toBe(
    'Something went wrong in Postwell while reading the figures; the error was logged.',
  );
  expect(readFailureText(i18n.t, i18n, 'no_such_code', 'X')).toBe("X could not give this post's figures.");
});
