import { DatesProvider } from '@mantine/dates';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale } from '../../shared/locales';
import { FIRST_DAY_OF_WEEK } from '../lib/format-date';

/** English is built into dayjs; another language's names are loaded once it is chosen. */
const dayjsLocale = async (language: string) =>
  !isLocale(language) || language === 'en'
    ? 'en'
    : (await import('./dayjs-locales')).loadDayjsLocale(language);

/**
 * The date pickers in the UI language, their weeks starting on the calendar's first day. Until a new
 * language's names have arrived the pickers keep the previous ones (a failed load keeps them for good).
 */
export function LocaleDatesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [locale, setLocale] = useState<string>(DEFAULT_LOCALE);
  useEffect(() => {
    let current = true;
    dayjsLocale(i18n.language).then(
      (name) => current && setLocale(name),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [i18n.language]);
  return <DatesProvider settings={{ locale, firstDayOfWeek: FIRST_DAY_OF_WEEK }}>{children}</DatesProvider>;
}
