// An open-loop load in a process of its own: `connections` keep-alive connections (undici's Pool), and
// requests sent at a steady `rate` a second whatever the answers do (a slow answer does not delay the next
// request, as it would in a closed loop), each timed from when it was due. Prints JSON: the latency
// percentiles (ms), the answers by status, and errors.
// Usage: node bench/open-loop.mjs '{"url":"…","connections":200,"rate":5000,"duration":10,"warmup":1,"headers":{…}}'
import { Pool } from 'undici';

const { url, connections, rate, duration, warmup = 1, headers = {} } = JSON.parse(process.argv[2]);
const target = new URL(url);
const pool = new Pool(target.origin, { connections, pipelining: 1, keepAliveTimeout: 60_000 });
const latencies = [];
const statuses = {};
let errors = 0;
let inFlight = 0;
const started = performance.now();
const total = Math.round(rate * duration);
let sent = 0;

const send = (due) => {
  inFlight++;
  pool
    .request({ path: target.pathname + target.search, method: 'GET', headers })
    .then(async (res) => {
      await res.body.dump();
      // The first `warmup` seconds open the connections and warm the server up: not counted.
      if (due - started >= warmup * 1000) latencies.push(performance.now() - due);
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
    })
    .catch(() => errors++)
    .finally(() => inFlight--);
};

await new Promise((resolve) => {
  const tick = () => {
    const now = performance.now();
    // Every request whose time has come, each timed from its own due time.
    while (sent < total && started + (sent * 1000) / rate <= now) {
      send(started + (sent * 1000) / rate);
      sent++;
    }
    if (sent < total) setImmediate(tick);
    else resolve();
  };
  tick();
});
while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));
await pool.close();
latencies.sort((a, b) => a - b);
const at = (q) =>
  Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 100) / 100;
process.stdout.write(
  JSON.stringify({
    latency: { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1) },
    sent,
    seconds: (performance.now() - started) / 1000,
    statuses,
    errors,
  }),
);
