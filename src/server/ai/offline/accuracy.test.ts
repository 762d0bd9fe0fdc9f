import { beforeAll, describe, expect, it } from 'vitest';
import type { WinkMethods } from 'wink-nlp';
import { LABELLED_POSTS } from '../labelled-posts';
import { analyseOffline } from './insights';
import { loadNlp } from './nlp';

/**
 * The offline analysis measured on the labelled set: sentiment accuracy (three classes) and hashtag hits
 * (a post counts when one of its accepted tags is among the suggestions). Prints the figures; the floors
 * are below what was measured so a regression fails, not a rounding.
 */
describe('offline analysis on the labelled set', () => {
  let nlp: WinkMethods;
  beforeAll(async () => {
    nlp = await loadNlp();
  }, 30_000);

  it('measures sentiment accuracy and hashtag hits', () => {
    let right = 0;
    let hits = 0;
    const confusion: Record<string, number> = {};
    for (const post of LABELLED_POSTS) {
      const insights = analyseOffline(nlp, post.text);
      if (insights.tone === post.tone) right += 1;
      const key = `${post.tone}→${insights.tone}`;
      confusion[key] = (confusion[key] ?? 0) + 1;
      if (post.tags.some((tag) => insights.hashtags.includes(`#${tag}`))) hits += 1;
    }
    const sentiment = right / LABELLED_POSTS.length;
    const hashtags = hits / LABELLED_POSTS.length;
    console.log(
      `offline analysis on ${LABELLED_POSTS.length} labelled posts: sentiment accuracy ${(sentiment * 100).toFixed(1)} %, ` +
        `hashtag hit rate ${(hashtags * 100).toFixed(1)} %; ${JSON.stringify(confusion)}`,
    );
    expect(sentiment).toBeGreaterThanOrEqual(0.8);
    expect(hashtags).toBeGreaterThanOrEqual(0.9);
  });
});
