/**
 * The embedded database's autovacuum (decision 028). PGlite runs PostgreSQL in single-user mode, where
 * the autovacuum launcher never starts: without this, tables are never analysed, so the planner keeps
 * judging every table by its size at creation (a burst of 10,000 posts was planned as 8 rows, and one
 * claim took half a second instead of 2 ms), and dead rows are never reclaimed. Every `intervalMs` it
 * reads the statistics PostgreSQL keeps anyway and analyses, or vacuums, the tables that PostgreSQL's
 * own autovacuum would, with the same default thresholds.
 */
export function startUpkeep(
  query: (text: string) => Promise<{ rows: unknown[] }>,
  options: { intervalMs: number; onError: (error: unknown) => void },
) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const { rows } = await query(`
        select format('%I.%I', s.schemaname, s.relname) as name,
               s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) as vacuum,
               s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) as analyze
          from pg_stat_user_tables s join pg_class c on c.oid = s.relid
         where s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
            or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)`);
      for (const table of rows as { name: string; vacuum: boolean; analyze: boolean }[]) {
        // The embedded database works on the event loop's thread, and a resolved statement goes on to
        // the next without letting timers run: one table at a time, so that a post due meanwhile is
        // held up by one table's analysis (about 10 ms) rather than by all of them.
        await new Promise((resolve) => setImmediate(resolve));
        // The name comes from format('%I.%I'): quoted by the database itself.
        await query(`${table.vacuum ? 'vacuum (analyze)' : 'analyze'} ${table.name}`);
      }
    } catch (error) {
      options.onError(error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), options.intervalMs);
  timer.unref();
  return {
    /** Runs one round now (tests). */
    tick,
    stop: () => clearInterval(timer),
  };
}
