import { beforeAll, describe, expect, it } from 'vitest';
import type { WinkMethods } from 'wink-nlp';
import { HELD_OUT_POSTS } from '../held-out-posts';
import { LABELLED_POSTS, type LabelledPost } from '../labelled-posts';
import { analyseOffline } from './insights';
import { loadNlp } from './nlp';

interface Measure {
  posts: number;
  sentiment: number;
  hashtags: number;
  /** `label→answer` counts. */
  confusion: Record<string, number>;
  misses: string[];
}

/** Sentiment accuracy (three classes) and hashtag hits (one accepted tag among the suggestions). */
function measure(nlp: WinkMethods, posts: readonly LabelledPost[]): Measure {
  let right = 0;
  let hits = 0;
  const confusion: Record<string, number> = {};
  const misses: string[] = [];
  for (const post of posts) {
    const insights = analyseOffline(nlp, post.text);
    if (insights.tone === post.tone) right += 1;
    else misses.push(`${post.tone}→${insights.tone} (${insights.score}): ${post.text.slice(0, 60)}`);
    const key = `${post.tone}→${insights.tone}`;
    confusion[key] = (confusion[key] ?? 0) + 1;
    if (post.tags.some((tag) => insights.hashtags.includes(`#${tag}`))) hits += 1;
    else misses.push(`no tag [${insights.hashtags.join(' ')}]: ${post.text.slice(0, 60)}`);
  }
  return {
    posts: posts.length,
    sentiment: right / posts.length,
    hashtags: hits / posts.length,
    confusion,
    misses,
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const report = (name: string, m: Measure) =>
  `${name} (${m.posts} posts): sentiment accuracy ${percent(m.sentiment)}, hashtag hit rate ${percent(m.hashtags)}; ` +
  `${JSON.stringify(m.confusion)}\n  ${m.misses.join('\n  ')}`;

/**
 * The offline analysis measured twice: on the labelled set its thresholds and keyword rules were chosen
 * on (in-sample, so flattering), and on a held-out set written afterwards and never tuned on (what a
 * user can expect). Prints both; the floors sit below what was measured so a regression fails, not a
 * rounding.
 */
describe('offline analysis accuracy', () => {
  let nlp: WinkMethods;
  beforeAll(async () => {
    nlp = await loadNlp();
  }, 30_000);

  it('holds on the tuning set (in-sample)', () => {
    const m = measure(nlp, LABELLED_POSTS);
    console.log(report('in-sample, labelled-posts.ts', m));
    expect(m.sentiment).toBeGreaterThanOrEqual(0.8);
    expect(m.hashtags).toBeGreaterThanOrEqual(0.9);
  });

  it('holds on the held-out set, never tuned on', () => {
    expect(HELD_OUT_POSTS.length).toBeGreaterThanOrEqual(30);
    // No post of the held-out set is one of the tuning set's.
    const tuning = new Set(LABELLED_POSTS.map((p) => p.text));
    expect(HELD_OUT_POSTS.filter((p) => tuning.has(p.text))).toEqual([]);
    const m = measure(nlp, HELD_OUT_POSTS);
    console.log(report('held-out, held-out-posts.ts', m));
    // Measured 66.7 % (24/36) and 63.9 % (23/36) when the set was written: decision 021.
    expect(m.sentiment).toBeGreaterThanOrEqual(0.6);
    expect(m.hashtags).toBeGreaterThanOrEqual(0.55);
  });
});
