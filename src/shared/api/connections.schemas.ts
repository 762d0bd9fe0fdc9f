import { z } from 'zod';
import { PLATFORMS } from '../platforms/rules';
import { AccountSchema, TWITTER_ACCOUNT_TYPES } from './users.schemas';

const allowed = PLATFORMS.join(', ');

/** A platform in a path; anything else is a 400 that names the allowed ones. */
export const PlatformParamsSchema = z.object({
  platform: z.enum(PLATFORMS, `platform must be one of ${allowed}`),
});

export const ConnectStartSchema = z.object({ url: z.string() });

export const OAuthCallbackQuerySchema = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

export const BlueskyConnectBodySchema = z.object({
  handle: z
    .string('connections.handleRequired')
    .trim()
    .min(1, 'connections.handleRequired')
    .max(253, 'connections.handleInvalid')
    .transform((h) => h.replace(/^@/, '')),
  appPassword: z
    .string('connections.appPasswordRequired')
    .trim()
    .min(1, 'connections.appPasswordRequired')
    .max(100, 'connections.appPasswordInvalid'),
});
export type BlueskyConnectBody = z.input<typeof BlueskyConnectBodySchema>;

export const TwitterSettingsBodySchema = z.object({
  accountType: z.enum(TWITTER_ACCOUNT_TYPES, 'connections.accountTypeInvalid'),
});

export const AccountParamsSchema = z.object({ id: z.uuid('connections.accountNotFound') });

export const AccountListSchema = z.object({ data: z.array(AccountSchema) });
