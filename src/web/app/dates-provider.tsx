import { DatesProvider } from '@mantine/dates';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locales';
import { FIRST_DAY_OF_WEEK } from '../lib/format-date';

/**
 * Each UI language's dayjs locale, which Mantine's pickers read their month and day names from. Loaded
 * only once that language is chosen (a chunk of its own, out of the home route's bundle); English is
 * built into dayjs. Our zh.json is Simplified Chinese, hence zh-cn.
 */
const DAYJS_LOCALES: Record<Exclude<Locale, 'en'>, { name: string; load: () => Promise<unknown> }> = {
  es: { name: 'es', load: () => import('dayjs/locale/es') },
  zh: { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  ar: { name: 'ar', load: () => import('dayjs/locale/ar') },
  de: { name: 'de', load: () => import('dayjs/locale/de') },
  fr: { name: 'fr', load: () => import('dayjs/locale/fr') },
};

/** Registers the language's dayjs locale (without making it dayjs's global one) and answers its name. */
async function dayjsLocale(locale: Locale): Promise<string> {
  if (locale === 'en') return 'en';
  const entry = DAYJS_LOCALES[locale];
  await entry.load();
  return entry.name;
}

/**
 * The date pickers in the UI language, their weeks starting on the calendar's first day. Until a new
 * language's names have arrived the pickers keep the previous ones (a failed load keeps them for good).
 */
export function LocaleDatesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [locale, setLocale] = useState('en');
  const language = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  useEffect(() => {
    let current = true;
    dayjsLocale(language).then(
      (name) => current && setLocale(name),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [language]);
  return <DatesProvider settings={{ locale, firstDayOfWeek: FIRST_DAY_OF_WEEK }}>{children}</DatesProvider>;
}
