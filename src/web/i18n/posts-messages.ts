import { addSections } from '.';
import type { Locale } from '../../shared/locales';

// Each language's post-manager sections (sections.ts), cut from its locale file by vite.config.ts. In
// tests (no Vite plugin) the query is ignored and the whole file arrives, which changes nothing.
const loaders = import.meta.glob<Record<string, unknown>>('./*.json', {
  query: '?sections=posts',
  import: 'default',
});

/** Settles once the post manager's messages are there in the UI language and in English. */
export const postsMessages = addSections(async (locale: Locale) => {
  const load = loaders[`./${locale}.json`];
  if (!load) throw new Error(`no translations for ${locale}`);
  return load();
});
