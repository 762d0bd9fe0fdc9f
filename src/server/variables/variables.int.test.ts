import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, requestAs, signedInUsers, type TestApp } from '../../../test/test-app';

describe('caption variables', () => {
  let t: TestApp;
  let ann: string;
  let bob: string;
  let call: ReturnType<typeof requestAs>;
  beforeAll(async () => {
    t = await createTestApp();
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
});
