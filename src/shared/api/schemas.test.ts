import { describe, expect, it } from 'vitest';
import { SignInBodySchema } from './auth.schemas';
import { TrialRequestBodySchema } from './trials.schemas';

const firstMessages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
};

describe('shared request schemas (used by the forms and the routes alike)', () => {
  it('normalises a valid trial request', () => {
    expect(
      TrialRequestBodySchema.parse({ name: ' Ann ', email: ' ANN@Example.COM ', company: '  ' }),
    ).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      company: undefined,
    });
  });

  it.each([
    [
      { name: '', email: '' },
      { name: 'trial.name_required', email: 'trial.email_required' },
    ],
    [{ name: 'Ann', email: 'ann@example' }, { email: 'trial.email_invalid' }],
    [{ name: 'Ann', email: 'ann @example.com' }, { email: 'trial.email_invalid' }],
  ])('names what is wrong with %j', (input, expected) => {
    expect(firstMessages(TrialRequestBodySchema.safeParse(input))).toEqual(expected);
  });

  it('uses the spec login messages', () => {
    expect(firstMessages(SignInBodySchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'login.email_required',
      password: 'login.password_required',
    });
    expect(firstMessages(SignInBodySchema.safeParse({ email: 'x@y', password: 'p' }))).toEqual({
      email: 'login.email_invalid',
    });
  });
});
