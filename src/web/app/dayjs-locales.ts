import type { Locale } from '../../shared/locales';

/**
 * Each UI language's dayjs locale, which Mantine's pickers read their month and day names from, each a
 * chunk of its own. Our zh.json is Simplified Chinese, hence zh-cn. This module is itself loaded on
 * demand: the interop code these CommonJS files need stays out of the home route's bundle.
 */
const DAYJS_LOCALES: Record<Exclude<Locale, 'en'>, { name: string; load: () => Promise<unknown> }> = {
  es: { name: 'es', load: () => import('dayjs/locale/es') },
  zh: { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  ar: { name: 'ar', load: () => import('dayjs/locale/ar') },
  de: { name: 'de', load: () => import('dayjs/locale/de') },
  fr: { name: 'fr', load: () => import('dayjs/locale/fr') },
};

/** Registers the language's dayjs locale (without making it dayjs's global one) and answers its name. */
export async function loadDayjsLocale(locale: Exclude<Locale, 'en'>): Promise<string> {
  const entry = DAYJS_LOCALES[locale];
  await entry.load();
  return entry.name;
}
