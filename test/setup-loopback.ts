import { afterAll, afterEach } from 'vitest';
import { refuseOffLoopback } from './loopback';

/**
 * Every test worker (vitest.config.ts `setupFiles`) refuses connections and DNS queries off 127.0.0.1,
 * so that a test which forgot to point the app at a local fake fails here, naming the host, instead of
 * reaching the internet. The one host allowed besides loopback is TEST_DATABASE_URL's. Installed once per
 * worker: a worker that keeps its modules (`isolate: false`) runs this file again before each test file.
 */
type Guard = ReturnType<typeof refuseOffLoopback>;
const KEY = Symbol.for('postwell.test.refuseOffLoopback');
const holder = globalThis as { [KEY]?: Guard };
const databaseHost = process.env.TEST_DATABASE_URL
  ? new URL(process.env.TEST_DATABASE_URL).hostname
  : undefined;
const guard = (holder[KEY] ??= refuseOffLoopback({ allow: databaseHost ? [databaseHost] : [] }));

function assertStayedOnLoopback() {
  const refused = guard.refused.splice(0);
  if (refused.length)
    throw new Error(
      `This test reached off 127.0.0.1 (refused: ${[...new Set(refused)].join(', ')}). ` +
        'Point the URL it called at a local fake (test/fakes/) or at 127.0.0.1.',
    );
}

afterEach(assertStayedOnLoopback);
afterAll(assertStayedOnLoopback);
