// Offline AI insights (sentiment, keyword hashtags, per-network rules) for one 280-character post, in
// process: p50 and p99 over 1,000 calls after a warm-up. Budget: p99 ≤ 5 ms. Prints the machine and each
// figure with its goal, and writes bench/results/ai-insights-*.json. Run: npm run bench:ai
import { analyseOffline } from '../src/server/ai/offline/insights';
import { loadNlp } from '../src/server/ai/offline/nlp';
import { report } from './report.mjs';

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
const rep = report('ai-insights', 'none');
rep.figure('model.load', 'model load', loadMs, 'ms');
rep.figure('insights.p50', `offline insights p50 (${post.length} characters, ${CALLS} calls)`, pct(50), 'ms');
rep.figure('insights.p99', `offline insights p99`, pct(99), 'ms', { max: BUDGET_P99_MS });
rep.figure('insights.max', `offline insights max`, times.at(-1)!, 'ms');
rep.save();
