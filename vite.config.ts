import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * `en.json?first-render` (src/web/i18n/index.ts): the messages as one export per top-level section, so the
 * first bundle keeps only the sections it names; the whole file still loads, as its own chunk, later.
 */
const jsonBySection = (): Plugin => ({
  name: 'postwell-json-by-section',
  enforce: 'pre',
  load(id) {
    const [file, query] = id.split('?');
    if (query !== 'first-render' || !file?.endsWith('.json')) return null;
    const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    return Object.entries(messages)
      .map(([section, value]) => `export const ${section} = ${JSON.stringify(value)};`)
      .join('\n');
  },
});

export default defineConfig({
  root: 'src/web',
  plugins: [jsonBySection(), react()],
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
