import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, directionOf, isLocale, LOCALES, type Locale } from '../../shared/locales';
import * as firstRender from './en.json?first-render';

const STORAGE_KEY = 'postwell.locale';
// Each locale is its own chunk: a visitor downloads only the language they read (and English as fallback).
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./*.json');

/**
 * The English the home route and the app's frame need before the first render: a few sections of
 * en.json, taken by name from a copy of the module that only this import uses (the `?first-render`
 * query), so the bundler leaves the other sections out of the first bundle. The rest of English comes
 * right after the first render, and every lazy page waits for it (`messagesReady`).
 */
const FIRST_RENDER = {
  logoutSuccess: firstRender.logoutSuccess,
  logoutError: firstRender.logoutError,
  app: firstRender.app,
  nav: firstRender.nav,
  language: firstRender.language,
  common: firstRender.common,
  errors: firstRender.errors,
  home: firstRender.home,
  admin: firstRender.admin,
  theme: firstRender.theme,
};

const loaded = new Map<Locale, Promise<void>>();
function ensureLoaded(locale: Locale): Promise<void> {
  let loading = loaded.get(locale);
  if (!loading) {
    const loader = loaders[`./${locale}.json`];
    if (!loader) throw new Error(`no translations for ${locale}`);
    loading = loader().then((messages) =>
      i18n.addResourceBundle(locale, 'translation', messages.default, true, true),
    ) as Promise<unknown> as Promise<void>;
    loaded.set(locale, loading);
  }
  return loading;
}

/** Resolves once every message of English and of the current language is there (lazy pages wait). */
export const messagesReady = () =>
  Promise.all([ensureLoaded(DEFAULT_LOCALE), ensureLoaded(currentLocale())]).then(() => undefined);

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
    // A component already on screen when the rest of English arrives renders again with it.
    react: { bindI18nStore: 'added' },
  });
  i18n.addResourceBundle(DEFAULT_LOCALE, 'translation', FIRST_RENDER);
  if (locale === DEFAULT_LOCALE) {
    applyToDocument(locale);
    void ensureLoaded(DEFAULT_LOCALE);
  } else await changeLocale(locale, false);
}

/** Switches the UI language, sets <html lang dir>, and remembers the choice in this browser. */
export async function changeLocale(locale: Locale, remember = true) {
  await ensureLoaded(locale);
  await i18n.changeLanguage(locale);
  applyToDocument(locale);
  if (remember) localStorage.setItem(STORAGE_KEY, locale);
}

export const currentLocale = (): Locale => (isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE);
