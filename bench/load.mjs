// Runs autocannon in a process of its own and prints its result as JSON: the load generator then has a
// core to itself instead of sharing one with whatever the benchmark set up first (PGlite's seeding).
// Usage: node bench/load.mjs '{"url":"…","connections":50,"duration":10,"headers":{…}}'
// With "expectBody": {…} every answer is checked (bench/expect-body.cjs): one that is not JSON holding
// those fields with those values, and a UUID id, counts in the result's `mismatches`.
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const { expectBody, ...options } = JSON.parse(process.argv[2]);
if (expectBody) {
  // Read by the checker in each worker thread, which gets a copy of this environment.
  process.env.BENCH_EXPECT_BODY = JSON.stringify(expectBody);
  options.verifyBody = fileURLToPath(new URL('./expect-body.cjs', import.meta.url));
}
const result = await autocannon(options);
process.stdout.write(JSON.stringify(result));
