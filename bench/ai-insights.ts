// Offline AI insights (sentiment, keyword hashtags, per-network rules) for one 280-character post, in
// process: p50 and p99 over 1,000 calls after a warm-up. Budget: p99 ≤ 5 ms. Prints a machine line and
// writes bench/results/ai-insights.json. Run: npm run bench:ai
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { analyseOffline } from '../src/server/ai/offline/insights';
import { loadNlp } from '../src/server/ai/offline/nlp';

const CALLS = 1000;
const WARMUP = 100;
const BUDGET_P99_MS = 5;

const base =
  'Big news! Our new cold brew subscription launches today. Fresh beans from small farms in Colombia, ' +
  'roasted every Monday and delivered to your door. Sign up before Friday for 20% off https://example.com ' +
  '#coffee #coldbrew #subscription #smallbusiness ';
const post = (base + 'Cheers! '.repeat(20)).slice(0, 280);

const loadStarted = performance.now();
const nlp = await loadNlp();
const loadMs = performance.now() - loadStarted;
const options = {
  platforms: ['twitter', 'linkedin', 'instagram'] as const,
  userTags: ['coffeelovers', 'brewing'],
};
for (let i = 0; i < WARMUP; i += 1) analyseOffline(nlp, `<p>${post}</p>`, options);
const times: number[] = [];
for (let i = 0; i < CALLS; i += 1) {
  const started = performance.now();
  analyseOffline(nlp, `<p>${post}</p>`, options);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
const result = {
  bench: 'ai-insights',
  date: new Date().toISOString(),
  machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  postChars: post.length,
  calls: CALLS,
  modelLoadMs: Math.round(loadMs),
  p50Ms: Number(pct(50).toFixed(3)),
  p99Ms: Number(pct(99).toFixed(3)),
  maxMs: Number(times.at(-1)!.toFixed(3)),
  budgetP99Ms: BUDGET_P99_MS,
};
console.log(`machine: ${result.machine}`);
console.log(
  `offline insights, ${post.length}-character post, ${CALLS} calls: p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms ` +
    `(budget p99 ≤ ${BUDGET_P99_MS} ms) ${result.p99Ms <= BUDGET_P99_MS ? 'OK' : 'OVER'}; model load ${result.modelLoadMs} ms`,
);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/ai-insights.json', `${JSON.stringify(result, null, 2)}\n`);
if (result.p99Ms > BUDGET_P99_MS) process.exitCode = 1;
