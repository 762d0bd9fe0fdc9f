/**
 * At most `limit` tasks at once; the rest wait in order. A finishing task hands its place straight to the
 * next waiter, so a newcomer arriving in between cannot take it as well.
 */
export function semaphore(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < limit) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
