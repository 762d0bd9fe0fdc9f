import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { beforeUserCreate, oidcConfigOf } from './oidc';
import { oidcErrorOf } from './oidc.routes';

const provider = {
  OIDC_ISSUER: 'https://id.example.com/realms/team/',
  OIDC_CLIENT_ID: 'postwell',
  OIDC_CLIENT_SECRET: 'secret',
};

describe('OIDC configuration', () => {
  it('is off without a provider, and on with all three variables (issuer without its trailing slash)', () => {
    expect(oidcConfigOf(loadEnv({}))).toBeNull();
    expect(oidcConfigOf(loadEnv(provider))).toEqual({
      issuer: 'https://id.example.com/realms/team',
      clientId: 'postwell',
      clientSecret: 'secret',
      label: null,
      only: false,
      autoCreate: true,
    });
    expect(
      oidcConfigOf(
        loadEnv({ ...provider, OIDC_AUTO_CREATE: 'false', OIDC_ONLY: '1', OIDC_BUTTON_LABEL: 'Okta' }),
      ),
    ).toMatchObject({ only: true, autoCreate: false, label: 'Okta' });
  });

  it('refuses a partial provider, OIDC_ONLY without one, and a bad issuer', () => {
    expect(() => loadEnv({ OIDC_ISSUER: provider.OIDC_ISSUER })).toThrow(/must be set together/);
    expect(() => loadEnv({ OIDC_ONLY: 'true' })).toThrow(/OIDC_ONLY needs OIDC_ISSUER/);
    expect(() => loadEnv({ ...provider, OIDC_ISSUER: 'not a url' })).toThrow(/OIDC_ISSUER/);
  });
});

describe('what a provider sign-in may create', () => {
  const callback = { path: '/callback/:id' };
  it('makes a plain user with no trial from a verified email, whatever the claims said', async () => {
    const user = {
      email: 'a@example.com',
      emailVerified: true,
      role: 'super_admin',
      trialEndsAt: new Date(),
    };
    expect(await beforeUserCreate(user, callback)).toEqual({
      data: { email: 'a@example.com', emailVerified: true, role: 'user', trialEndsAt: null },
    });
  });
  it('refuses an unverified email, and leaves users made elsewhere alone', async () => {
    await expect(
      beforeUserCreate({ email: 'a@example.com', emailVerified: false }, callback),
    ).rejects.toThrow(/not verified/);
    const admin = { email: 'b@example.com', role: 'admin' };
    expect(await beforeUserCreate(admin, { path: '/admin/create-user' })).toEqual({ data: admin });
    expect(await beforeUserCreate(admin, undefined)).toEqual({ data: admin });
  });
});

describe('the login page codes for the library callback errors', () => {
  it.each([
    ['state_mismatch', 'oidc_state'],
    ['state_not_found', 'oidc_state'],
    ['invalid_callback_request', 'oidc_state'],
    ['access_denied', 'oidc_denied'],
    ['email_not_verified', 'oidc_email_unverified'],
    ['account_not_linked', 'oidc_email_unverified'],
    ['email_not_found', 'oidc_no_email'],
    ['signup_disabled', 'oidc_no_account'],
    ['invalid_code', 'oidc_failed'],
    ['issuer_mismatch', 'oidc_failed'],
    ['<script>', 'oidc_failed'],
    ['', 'oidc_failed'],
  ])('%s → %s', (library, ours) => expect(oidcErrorOf(library)).toBe(ours));
});
