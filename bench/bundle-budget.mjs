// Weighs the JavaScript a first visit to the home route downloads before its first render: the entry
// chunk and everything it imports statically. The English messages the home route and the app's frame
// need are in the entry (src/web/i18n/index.ts, FIRST_RENDER); the rest of en.json loads after the first
// render, like every other language. Budget: 150 KB gzip.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { report } from './report.mjs';

const BUDGET_KB = 150;
const dist = process.argv[2] ?? 'dist/web';
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);

const seen = new Set();
const visit = (key) => {
  if (!key || seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) visit(dep);
};
visit(entryKey);

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const rows = [...seen].map((key) => ({ file: manifest[key].file, kb: gz(manifest[key].file) / 1024 }));
const css = (manifest[entryKey].css ?? []).map((file) => gz(file) / 1024).reduce((a, b) => a + b, 0);
const total = rows.reduce((sum, r) => sum + r.kb, 0);
for (const r of rows.sort((a, b) => b.kb - a.kb))
  console.log(`  ${r.kb.toFixed(1).padStart(7)} KB  ${r.file}`);
const rep = report('bundle', 'none');
rep.figure('home.js', 'home route JavaScript, gzip', total, 'KB', { max: BUDGET_KB });
rep.figure('home.css', 'home route CSS, gzip', css, 'KB');
rep.save();
