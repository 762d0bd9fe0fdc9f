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
});
