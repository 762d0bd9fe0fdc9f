import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/locales';

type Messages = Map<string, unknown>;
const flatten = (obj: object, prefix = ''): [string, unknown][] =>
  Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flatten(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v]],
  );
const load = (locale: string): Messages =>
  new Map(
    flatten(JSON.parse(readFileSync(fileURLToPath(new URL(`./${locale}.json`, import.meta.url)), 'utf8'))),
  );
const placeholders = (text: unknown) =>
  [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

const en = load('en');

/**
 * The keys a locale must have: en's, and for each plural message of en (`x_one`, `x_other`) the forms its
 * own language has (Arabic `x_zero` … `x_many`, Spanish and French `x_many`), as Intl.PluralRules names them.
 */
function expectedKeys(locale: string) {
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const plurals = [...en.keys()].filter((k) => k.endsWith('_other')).map((k) => k.slice(0, -'_other'.length));
  return [...new Set([...en.keys(), ...plurals.flatMap((base) => categories.map((c) => `${base}_${c}`))])];
}

describe.each(LOCALES.filter((l) => l !== 'en'))('%s translations', (locale) => {
  const messages = load(locale);

  it('has every key of en.json, the plural forms of its language, and no other', () => {
    expect([...messages.keys()].sort()).toEqual(expectedKeys(locale).sort());
  });

  it('has no empty value', () => {
    expect([...messages].filter(([, v]) => typeof v !== 'string' || !v.trim()).map(([k]) => k)).toEqual([]);
  });

  it('keeps the placeholders of each English message', () => {
    const wrong = [...en]
      .filter(([key, value]) => placeholders(messages.get(key)) !== placeholders(value))
      .map(([k]) => k);
    expect(wrong).toEqual([]);
  });
});

it('holds every spec message of the screens built so far, word for word, in English', () => {
  const spec = {
    'login.email_required': 'Email is required',
    'login.email_invalid': 'Please enter a valid email address',
    'login.password_required': 'Password is required',
    'login.failed': 'Login failed',
    'login.invalidCredentials': 'Invalid email or password. Please try again.',
    'login.resetEmailRequired': 'Email is required for password reset.',
    logoutSuccess: 'Logout successful',
    logoutError: 'Logout failed',
    'profile.notLoggedIn': 'You are not logged in.',
    'admin.notAuthorized': 'You are not authorized to access this page.',
    'analytics.title': 'Platform Performance',
    'connections.connectedAs': 'Connected as: {{username}}',
    'connections.unknown': 'Unknown',
    'connections.notConnected': 'Not connected',
    'connections.accountTypes.standard': 'Standard Account',
    'connections.accountTypes.professional': 'Professional Account',
    'connections.bluesky.title': 'Connect Bluesky Account',
    'connections.handleRequired': 'Handle is required',
    'connections.appPasswordRequired': 'App Password is required',
    'connections.connectFailed': 'Failed to start connection process for {{platform}}. Please try again.',
    'connections.invalidUrl': 'Invalid connection URL received for {{platform}}.',
    'connections.bluesky.failed': 'Failed to connect Bluesky.',
    'connections.disconnected': '{{platform}} disconnected.',
    'connections.disconnectFailed': 'Failed to disconnect {{platform}}: {{error}}',
    'connections.settingFailed': 'Failed to update setting: {{error}}',
    'recurring.title': 'Recurring Posts',
    'recurring.create': 'Create Recurring Post',
    'recurring.createTitle': 'Create Recurring Post',
    'recurring.editTitle': 'Edit Recurring Post',
    'recurring.fillRequired': 'Please fill in all required fields',
    'recurring.startDateRequired': 'Start date is required',
    'recurring.frequencyRequired': 'Frequency is required',
    'recurring.intervalRequired': 'Interval is required',
    'recurring.intervalPositive': 'Interval must be greater than 0',
    'recurring.created': 'Recurring post created successfully',
    'recurring.updated': 'Recurring post updated successfully',
    'recurring.deleted': 'Recurring post deleted successfully',
    'recurring.deleteConfirm': 'Are you sure you want to delete this recurring post?',
  };
  for (const [key, text] of Object.entries(spec)) expect(en.get(key), key).toBe(text);
});
