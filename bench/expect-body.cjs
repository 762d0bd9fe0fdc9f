// autocannon's verifyBody, loaded by path in each of its worker threads (a function cannot be handed to
// a thread): an answer matches when it is JSON holding every field of BENCH_EXPECT_BODY (JSON) with the
// same value, and an `id` that is a UUID. Anything else is one of autocannon's `mismatches`.
const expected = JSON.parse(process.env.BENCH_EXPECT_BODY ?? 'null');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const same = (actual, wanted) => JSON.stringify(actual) === JSON.stringify(wanted);

module.exports = function verifyBody(body) {
  if (!expected) return false;
  let actual;
  try {
    actual = JSON.parse(body);
  } catch {
    return false;
  }
  if (!actual || typeof actual.id !== 'string' || !UUID.test(actual.id)) return false;
  return Object.entries(expected).every(([key, value]) => same(actual[key], value));
};
