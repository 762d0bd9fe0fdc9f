// POST /api/posts as the composer sends it to schedule a post for a connected account, at 50 concurrent
// connections (autocannon, loopback), against the server bench/posts-range.ts started on the database it
// seeded. Every answer is checked: a 201 whose body is the scheduled post (bench/expect-body.cjs), and
// afterwards the month holds at least as many posts as were answered, and no more than were sent. Goals:
// ≥ 400 requests a second, p99 ≤ 250 ms, no answer other than that (medians of three 10 s runs).
import { runLoad, type LoadResult } from './run-load';

type Report = {
  figure(
    key: string,
    label: string,
    value: number,
    unit: string,
    goal?: { max?: number; min?: number },
  ): number;
};

const CONNECTIONS = 50;
const SECONDS = 10;
const ROUNDS = 3;

/**
 * `platform` is connected for the signed-in user (`cookie`); the posts are scheduled at one time inside
 * [monthStart, monthEnd), a month that holds none of theirs before.
 */
export async function measureScheduling({
  base,
  cookie,
  platform,
  monthStart,
  monthEnd,
  workers,
  rep,
}: {
  base: string;
  cookie: string;
  platform: string;
  monthStart: Date;
  monthEnd: Date;
  workers: number;
  rep: Report;
}) {
  const scheduledAt = new Date(monthStart.getTime() + 10 * 86_400_000 + 9 * 3_600_000).toISOString();
  // What the composer sends (composer.tsx `submit`): the editor's HTML, the networks, the action, the
  // browser's zone, the media (none) and the chosen instant.
  const body = JSON.stringify({
    content:
      '<p>Our spring sale starts <strong>Monday</strong>: 20% off everything. https://example.com/sale</p>',
    platforms: [platform],
    action: 'schedule',
    timezone: 'Europe/Paris',
    media: [],
    scheduledAt,
  });
  const headers = { cookie, 'content-type': 'application/json', origin: base };
  const url = `${base}/api/posts`;

  // One answer read whole: every answer after must be the same post, but for its id and times.
  const first = await fetch(url, { method: 'POST', headers, body });
  const post = (await first.json()) as Record<string, unknown> & { targets?: { blocked: unknown }[] };
  if (first.status !== 201 || post.status !== 'scheduled' || post.targets?.[0]?.blocked !== null)
    throw new Error(`scheduling a post answered ${first.status}: ${JSON.stringify(post)}`);
  const { id: _id, createdAt: _created, updatedAt: _updated, ...expectBody } = post;

  const runs: LoadResult[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const run = await runLoad({
      url,
      method: 'POST',
      body,
      headers,
      connections: CONNECTIONS,
      duration: SECONDS,
      workers,
      expectBody,
    });
    runs.push(run);
    console.log(
      `POST /api/posts (schedule for a connected ${platform} account), ${CONNECTIONS} connections, ${workers} load thread${workers > 1 ? 's' : ''}, ${SECONDS} s, round ${round}: p50 ${run.latency.p50} ms, p99 ${run.latency.p99} ms, ${run.requests.average.toFixed(0)} req/s; ${run['2xx']} 2xx, ${run.non2xx} non-2xx, ${run.mismatches} not the expected post, ${run.errors} errors, ${run.timeouts} timeouts`,
    );
  }

  // The posts the answers announced are there: at least one per 2xx, at most one per request sent (a
  // run's last requests, and those autocannon gave up on after 10 s, can still be served).
  const listed = await fetch(
    `${base}/api/posts?from=${monthStart.toISOString()}&to=${monthEnd.toISOString()}`,
    { headers: { cookie } },
  );
  const month = (await listed.json()) as { data?: { scheduledAt: string; status: string }[] };
  const stored = (month.data ?? []).filter((p) => p.scheduledAt === scheduledAt && p.status === 'scheduled');
  const answered = 1 + runs.reduce((sum, r) => sum + r['2xx'], 0);
  const unanswered = ROUNDS * CONNECTIONS + runs.reduce((sum, r) => sum + r.timeouts, 0);
  const missing = Math.max(0, answered - stored.length) + Math.max(0, stored.length - answered - unanswered);
  console.log(
    `  the month holds ${stored.length} scheduled posts at that time; ${answered} were answered 201 (up to ${unanswered} more may have been served unanswered: in flight at a run's end, or timed out)`,
  );

  const median = (pick: (r: LoadResult) => number) =>
    runs.map(pick).sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
  rep.figure(
    'write.rate',
    'scheduling requests per second, median of 3',
    median((r) => r.requests.average),
    'req/s',
    {
      min: 400,
    },
  );
  rep.figure(
    'write.p99',
    'scheduling p99, median of 3',
    median((r) => r.latency.p99),
    'ms',
    { max: 250 },
  );
  rep.figure(
    'write.p50',
    'scheduling p50, median of 3',
    median((r) => r.latency.p50),
    'ms',
  );
  // Any answer that was not a 201 with the post, any connection error or time-out (autocannon counts a
  // time-out among its errors), or an answer whose post is not in the month, fails the run whatever
  // its speed.
  const failures = runs.reduce((sum, r) => sum + r.mismatches + r.errors, 0) + (listed.ok ? missing : 1);
  rep.figure(
    'write.failures',
    'scheduling answers that were not a 201 with the post, in all runs',
    failures,
    'answers',
    {
      max: 0,
    },
  );
}
