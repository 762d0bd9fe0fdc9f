import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, requestAs, signedInUsers, type TestApp } from '../../../test/test-app';
import { VARIABLES_MAX } from '../../shared/api/variables.schemas';

describe('caption variables', () => {
  let t: TestApp;
  let ann: string;
  let bob: string;
  let call: ReturnType<typeof requestAs>;
  beforeAll(async () => {
    // Room for the cap's 210 sets in a minute; the rate itself is tested in http/creation-rate.
    t = await createTestApp({ CREATE_RATE_PER_MINUTE: '10000' });
    ({ ann, bob } = await signedInUsers(t, 'ann', 'bob'));
    call = requestAs(t);
  });
  afterAll(() => t.close());

  it('sets, replaces and deletes variables, per user', async () => {
    expect((await call(ann, 'PUT', '/api/variables/brand', { value: ' Postwell ' })).json()).toEqual({
      data: { brand: 'Postwell' },
    });
    expect((await call(ann, 'PUT', '/api/variables/brand', { value: 'Postwell 2' })).json()).toEqual({
      data: { brand: 'Postwell 2' },
    });
    expect((await call(bob, 'GET', '/api/variables')).json()).toEqual({ data: {} });
    expect((await call(bob, 'DELETE', '/api/variables/brand')).statusCode).toBe(404);
    expect((await call(ann, 'DELETE', '/api/variables/brand')).json()).toEqual({ data: {} });
  });

  it('needs a name and a value', async () => {
    expect((await call(ann, 'PUT', '/api/variables/1bad', { value: 'x' })).json().fields).toEqual({
      name: 'variables.nameInvalid',
    });
    expect((await call(ann, 'PUT', '/api/variables/ok', { value: '  ' })).json().fields).toEqual({
      value: 'variables.required',
    });
  });

  it.each([
    '__proto__',
    '_brand',
    'my brand',
    '{{brand}}',
    'brand}',
    'brand.name',
    'marque-é',
    'a'.repeat(51),
  ])('refuses the name %j with 400 naming the name, for setting and deleting', async (name) => {
    const path = `/api/variables/${encodeURIComponent(name)}`;
    for (const res of [await call(ann, 'PUT', path, { value: 'x' }), await call(ann, 'DELETE', path)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ name: 'variables.nameInvalid' });
    }
    expect((await call(ann, 'GET', '/api/variables')).json()).toEqual({ data: {} });
  });

  it('stores and lists every name of the pattern, those of Object.prototype among them', async () => {
    const names = ['constructor', 'toString', 'hasOwnProperty', 'brand-name', 'Brand_2', 'a'.repeat(50)];
    for (const name of names) {
      expect((await call(bob, 'PUT', `/api/variables/${name}`, { value: `is ${name}` })).statusCode).toBe(
        200,
      );
    }
    const { data } = (await call(bob, 'GET', '/api/variables')).json();
    expect(Object.entries(data).sort()).toEqual(names.map((n) => [n, `is ${n}`]).sort());
    expect((await call(bob, 'DELETE', '/api/variables/constructor')).json().data).not.toHaveProperty(
      'constructor',
    );
  });

  it(`keeps at most ${VARIABLES_MAX} variables per user, however many are added at once; changing one still works`, async () => {
    const { cap } = await signedInUsers(t, 'cap');
    const answers = await Promise.all(
      Array.from({ length: VARIABLES_MAX + 10 }, (_, i) =>
        call(cap, 'PUT', `/api/variables/v${i}`, { value: `value ${i}` }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(VARIABLES_MAX);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    const refused = answers.find((res) => res.statusCode === 409)!.json();
    expect(refused).toMatchObject({ code: 'TOO_MANY_VARIABLES', params: { max: VARIABLES_MAX } });
    expect(refused.message).toContain(String(VARIABLES_MAX));
    const kept = Object.keys((await call(cap, 'GET', '/api/variables')).json().data);
    expect(kept).toHaveLength(VARIABLES_MAX);

    const changed = await call(cap, 'PUT', `/api/variables/${kept[0]}`, { value: 'changed' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data[kept[0]!]).toBe('changed');
    expect((await call(cap, 'PUT', '/api/variables/another', { value: 'x' })).statusCode).toBe(409);
  }, 60_000);
});
