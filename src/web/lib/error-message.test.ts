import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODE_LIST, paramsOf } from '../../shared/api/error-codes';
import { LOCALES } from '../../shared/locales';
import { ApiRequestError } from './api-client';
import { CODE_KEYS, errorMessage, failureText } from './error-message';

type Messages = Record<string, unknown>;
const messages = (locale: string) =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL(`../i18n/${locale}.json`, import.meta.url)), 'utf8'),
  ) as Messages;

/** The text at a dotted key, as i18next resolves it; undefined when the key leads nowhere. */
const textAt = (tree: Messages, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Messages | undefined)?.[part], tree);

const translator = async (locale: string) => {
  const instance = i18n.createInstance();
  await instance.init({
    lng: locale,
    resources: { [locale]: { translation: messages(locale) } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
};

/** An answer with `code` as the server sends it: every param of the code, and a Retry-After. */
const failure = (code: string, params: readonly string[] = []) =>
  new ApiRequestError({
    statusCode: 400,
    code,
    message: 'The server’s English words',
    retryAfterSeconds: 120,
    params: Object.fromEntries(params.map((name) => [name, `<${name}>`])),
  });

describe.each(LOCALES)('every API error code in %s', (locale) => {
  const tree = messages(locale);

  it('has a text', () => {
    const missing = API_ERROR_CODE_LIST.filter((code) => {
      const text = textAt(tree, CODE_KEYS[code]);
      return typeof text !== 'string' || !text.trim();
    });
    expect(missing).toEqual([]);
  });

  it('is shown in those words, with each placeholder filled by what the server sends', async () => {
    const t = await translator(locale);
    const english = await translator('en');
    for (const code of API_ERROR_CODE_LIST) {
      const shown = errorMessage(t, failure(code, paramsOf(code)), 'errors.generic');
      expect(shown, code).not.toBe(CODE_KEYS[code]);
      expect(shown, code).not.toContain('{{');
      expect(shown, code).not.toContain(code);
      expect(shown, code).not.toContain('English words');
      // A text still in English here would be the same sentence as en.json's.
      if (locale !== 'en')
        expect(shown, code).not.toBe(errorMessage(english, failure(code, paramsOf(code)), 'errors.generic'));
    }
  });

  it('says how many minutes a locked sign-in lasts', async () => {
    const t = await translator(locale);
    expect(errorMessage(t, failure('ACCOUNT_LOCKED'))).toContain('2');
  });
});

describe('errorMessage and failureText', () => {
  it('word the client’s own failures, and fall back for an answer that is not ours', async () => {
    const t = await translator('en');
    expect(errorMessage(t, failure('NETWORK_ERROR'), 'login.failed')).toBe(
      textAt(messages('en'), 'errors.network'),
    );
    expect(errorMessage(t, failure('HTTP_ERROR'), 'login.failed')).toBe('Login failed');
    expect(errorMessage(t, new Error('boom'), 'login.failed')).toBe('Login failed');
  });

  it('show a code of a newer server in the server’s words, or the fallback', async () => {
    const t = await translator('en');
    expect(failureText(t, failure('SOMETHING_NEW'), 'errors.generic')).toBe('The server’s English words');
    expect(errorMessage(t, failure('SOMETHING_NEW'), 'login.failed')).toBe('Login failed');
  });

  it('show a known code in the reader’s words rather than the server’s', async () => {
    const t = await translator('de');
    expect(failureText(t, failure('TIMEOUT', ['platform']), 'errors.generic')).toBe(
      '<platform> hat nicht rechtzeitig geantwortet.',
    );
  });
});
