import { betterAuth } from 'better-auth/minimal';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins/admin';
import { createAccessControl } from 'better-auth/plugins/access';
import { adminAc, defaultStatements, userAc } from 'better-auth/plugins/admin/access';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/api/fields';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { accounts, sessions, users, verifications } from '../db/schema';
import type { MailService } from '../mail/mail.service';
import { beforeUserCreate, OIDC_ACCOUNT_LINKING, type OidcConfig, oidcPlugin } from './oidc';

const ac = createAccessControl(defaultStatements);
// super_admin can do all that admin can (DESIGN.md section 7); finer rules live in our services.
const roles = {
  user: ac.newRole(userAc.statements),
  admin: ac.newRole(adminAc.statements),
  super_admin: ac.newRole(adminAc.statements),
};

export interface AuthOptions {
  db: Db;
  secret: string;
  publicUrl: string;
  mail: MailService;
  logger: FastifyBaseLogger;
  /** Sign-in with an OpenID Connect provider, when configured (decision 025). */
  oidc?: OidcConfig | null;
  /** Makes each new user's personal workspace (decision 042). */
  onUserCreated?: (user: { id: string; name: string }) => Promise<void>;
}

export function createAuth({ db, secret, publicUrl, mail, logger, oidc = null, onUserCreated }: AuthOptions) {
  return betterAuth({
    appName: 'Postwell',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [publicUrl],
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      // better-auth's own messages go to the app's log, at the same level, never to the console.
      log: (level, message, ...args) => logger[level]({ args }, `auth: ${message}`),
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    user: {
      additionalFields: {
        timezone: { type: 'string', required: false, input: false },
        locale: { type: 'string', required: false, input: false, defaultValue: 'en' },
        trialEndsAt: { type: 'date', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      // Accounts come from the first-admin screen, admins and approved trials, never from open sign-up.
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await mail.send({
          to: user.email,
          subject: 'Reset your Postwell password',
          text: `Hello ${user.name},\n\nOpen this link within an hour to choose a new password:\n${url}\n\nIf you did not ask for it, ignore this mail: your password stays as it is.`,
        });
      },
    },
    // The provider's tokens are kept sealed with the auth secret; the app never calls the provider with them.
    account: { accountLinking: OIDC_ACCOUNT_LINKING, encryptOAuthTokens: true },
    databaseHooks: {
      user: {
        create: {
          before: beforeUserCreate,
          after: async (user) => {
            await onUserCreated?.(user);
          },
        },
      },
    },
    // Sign-in is rate-limited per IP and locked per account by our own routes (auth.routes.ts).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'postwell',
      useSecureCookies: publicUrl.startsWith('https://'),
    },
    plugins: [
      admin({ ac, roles, adminRoles: ['admin', 'super_admin'], defaultRole: 'user' }),
      ...(oidc ? [oidcPlugin(oidc, publicUrl)] : []),
    ],
  });
}
export type Auth = ReturnType<typeof createAuth>;
