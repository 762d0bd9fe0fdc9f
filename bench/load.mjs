// Runs autocannon in a process of its own and prints its result as JSON: the load generator then has a
// core to itself instead of sharing one with whatever the benchmark set up first (PGlite's seeding).
// Usage: node bench/load.mjs '{"url":"…","connections":50,"duration":10,"headers":{…}}'
import autocannon from 'autocannon';

const result = await autocannon(JSON.parse(process.argv[2]));
process.stdout.write(JSON.stringify(result));
