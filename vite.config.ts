import { readFile } from 'node:fs/promises';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { POSTS_SECTIONS } from './src/web/i18n/sections';

const LOCALE_FILE = /\/src\/web\/i18n\/[a-z]{2}\.json$/;

/**
 * A locale file as the first page loads it, without the post manager's sections; with `?sections=posts`,
 * only those (src/web/i18n/sections.ts). The bundler then makes either a module, as of any JSON file.
 */
function messageSections(): Plugin {
  const lazy = new Set<string>(POSTS_SECTIONS);
  return {
    name: 'postwell-message-sections',
    enforce: 'pre',
    async load(id) {
      const [file = '', query = ''] = id.split('?');
      if (!LOCALE_FILE.test(file)) return null;
      const messages = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const posts = new URLSearchParams(query).get('sections') === 'posts';
      const kept = Object.entries(messages).filter(([key]) => lazy.has(key) === posts);
      // Said to be JSON: with a query in its id the bundler would read it as JavaScript.
      return { code: JSON.stringify(Object.fromEntries(kept)), moduleType: 'json' };
    },
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), messageSections()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // bench/bundle-budget.mjs reads the manifest to weigh what the home route loads.
    manifest: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
