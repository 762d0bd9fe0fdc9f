import { describe, expect, it } from 'vitest';
import { semaphore } from './semaphore';

describe('semaphore', () => {
  it('runs at most `limit` tasks at once, in order, and passes on results and errors', async () => {
    const gate = semaphore(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (i: number) =>
      gate(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        if (i === 3) throw new Error('three');
        return i;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(task));
    // The places freed by finished and failed tasks are given back.
    expect(await task(6)).toBe(6);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([
      0,
      1,
      2,
      'failed',
      4,
      5,
    ]);
  });
});
