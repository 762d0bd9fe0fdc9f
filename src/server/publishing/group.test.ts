import { describe, expect, it } from 'vitest';
import { grouped } from './group';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('grouped (group commit)', () => {
  it('writes the calls of one turn together, and answers each with its own result', async () => {
    const groups: number[][] = [];
    const double = grouped(async (items: number[]) => {
      groups.push(items);
      return items.map((n) => n * 2);
    });
    expect(await Promise.all([1, 2, 3].map(double))).toEqual([2, 4, 6]);
    expect(groups).toEqual([[1, 2, 3]]);
  });

  it('gathers the calls made while a group is being written into the next group', async () => {
    const groups: number[][] = [];
    let release!: () => void;
    const slow = grouped(async (items: number[]) => {
      groups.push(items);
      if (groups.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return items;
    });
    const first = slow(1);
    await tick();
    const later = [2, 3, 4].map(slow);
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3, 4]);
    expect(groups).toEqual([[1], [2, 3, 4]]);
  });

  it('waits waitMs for company, and no longer', async () => {
    const groups: number[][] = [];
    const add = grouped(
      async (items: number[]) => {
        groups.push(items);
        return items;
      },
      { waitMs: 30 },
    );
    const started = performance.now();
    const first = add(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await Promise.all([first, add(2)]);
    expect(groups).toEqual([[1, 2]]);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('keeps groups to maxGroup', async () => {
    const sizes: number[] = [];
    const add = grouped(
      async (items: number[]) => {
        sizes.push(items.length);
        return items;
      },
      { maxGroup: 2 },
    );
    await Promise.all([1, 2, 3, 4, 5].map(add));
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('tries each item alone when a group fails: only the bad one is refused', async () => {
    const groups: string[][] = [];
    const write = grouped(async (items: string[]) => {
      groups.push(items);
      if (items.includes('bad')) throw new Error(`refused ${items.join(',')}`);
      return items.map((s) => s.toUpperCase());
    });
    const results = await Promise.allSettled(['a', 'bad', 'c'].map(write));
    expect(results).toEqual([
      { status: 'fulfilled', value: 'A' },
      { status: 'rejected', reason: new Error('refused bad') },
      { status: 'fulfilled', value: 'C' },
    ]);
    expect(groups).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });

  it('starts afresh after a quiet spell', async () => {
    const groups: number[][] = [];
    const add = grouped(async (items: number[]) => {
      groups.push(items);
      return items;
    });
    await add(1);
    await add(2);
    expect(groups).toEqual([[1], [2]]);
  });
});
