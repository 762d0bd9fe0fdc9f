import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, directionOf, isLocale, LOCALES, type Locale } from '../../shared/locales';

const STORAGE_KEY = 'postwell.locale';
// Each locale is its own chunk: a visitor downloads only the language they read (and English as fallback).
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./*.json');

async function ensureLoaded(locale: Locale) {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  const loader = loaders[`./${locale}.json`];
  if (!loader) throw new Error(`no translations for ${locale}`);
  i18n.addResourceBundle(locale, 'translation', (await loader()).default);
}

function preferredLocale(): Locale {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (isLocale(stored)) return stored;
  for (const tag of navigator.languages ?? []) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

function applyToDocument(locale: Locale) {
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

export async function initI18n() {
  const locale = preferredLocale();
  await i18n.use(initReactI18next).init({
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await ensureLoaded(DEFAULT_LOCALE);
  await changeLocale(locale, false);
}

/** Switches the UI language, sets <html lang dir>, and remembers the choice in this browser. */
export async function changeLocale(locale: Locale, remember = true) {
  await ensureLoaded(locale);
  await i18n.changeLanguage(locale);
  applyToDocument(locale);
  if (remember) localStorage.setItem(STORAGE_KEY, locale);
}

export const currentLocale = (): Locale => (isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE);
