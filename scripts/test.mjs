// `npm test`: everything, in the order that fails fastest. Typecheck, lint, unit tests (translations
// included) and database tests (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set), the build with its
// bundle budget, then the browser tests in Debian's Chromium. Ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const steps = [];
const run = (name, command, args, options = {}) => {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  const ok = result.status === 0;
  steps.push({ name, ok, seconds: (Date.now() - started) / 1000 });
  return ok;
};

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return true;
  console.log(
    "\nDebian's chromium is missing: installing it for the browser tests (apt-get install -y chromium).",
  );
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (...args) =>
    spawnSync(sudo.length ? 'sudo' : 'apt-get', [...(sudo.length ? ['apt-get'] : []), ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt('update', '-qq');
  return apt('install', '-y', '-qq', 'chromium').status === 0 && existsSync('/usr/bin/chromium');
}

function playwrightFailures(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests?.some((t) => t.status === 'unexpected' || t.status === 'flaky'))
      .map((spec) => `${spec.file}:${spec.line} › ${spec.title}`),
    ...playwrightFailures(suite.suites ?? []),
  ]);
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

rmSync('reports', { recursive: true, force: true });
mkdirSync('reports', { recursive: true });
if (process.env.TEST_DATABASE_URL)
  console.log(`Database tests run on PGlite and on PostgreSQL (${process.env.TEST_DATABASE_URL}).`);

run('typecheck', 'npx', ['tsc', '--noEmit', '-p', '.']);
if (run('lint', 'npx', ['eslint', '.']))
  run('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
run('unit + database tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=reports/vitest.json',
]);
const built = run('build', 'npx', ['vite', 'build', '--logLevel', 'warn']);
if (built) run('bundle budget', 'node', ['bench/bundle-budget.mjs']);
if (built && ensureChromium()) run('browser tests', 'npx', ['playwright', 'test']);
else steps.push({ name: 'browser tests', ok: false, seconds: 0 });

const vitest = readJson('reports/vitest.json');
const playwright = readJson('reports/playwright.json');
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
const failed =
  (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (playwright?.stats?.skipped ?? 0);
const failedSteps = steps.filter((s) => !s.ok);
// A test step that failed without a failing test (vitest's unhandled errors, a crashed runner) still
// counts as one failure: the last line must never read "0 failed" when the run did not pass.
const failedTests = {
  'unit + database tests': vitest?.numFailedTests ?? 0,
  'browser tests': (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0),
};
const stepFailures = failedSteps.filter((s) => !failedTests[s.name]).length;

console.log('\nSummary');
for (const s of steps) {
  const why =
    !s.ok && s.name in failedTests && !failedTests[s.name] ? '  (no failing test: see errors above)' : '';
  console.log(`  ${s.ok ? '✓' : '✗'} ${s.name.padEnd(22)} ${s.seconds.toFixed(1)} s${why}`);
}
// The failing tests by name, last, so that a CI log's tail says which ones failed.
const failedNames = [
  ...(vitest?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((t) => t.status === 'failed')
      .map((t) => `${file.name.replace(`${process.cwd()}/`, '')} › ${t.fullName}`),
  ),
  ...playwrightFailures(playwright?.suites ?? []),
];
for (const name of failedNames) console.log(`  failed: ${name}`);
console.log(`${passed} passed, ${failed + stepFailures} failed, ${skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
