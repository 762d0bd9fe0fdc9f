import { z } from 'zod';

/** How long a new token lasts, in days; null: until revoked. */
export const TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;
export const TOKEN_NAME_MAX = 100;
export const TOKEN_STATES = ['active', 'expired', 'revoked'] as const;
export type TokenState = (typeof TOKEN_STATES)[number];

export const CreateTokenBodySchema = z.object({
  name: z
    .string('apiTokens.nameRequired')
    .trim()
    .min(1, 'apiTokens.nameRequired')
    .max(TOKEN_NAME_MAX, 'apiTokens.nameTooLong'),
  expiresInDays: z.literal(TOKEN_EXPIRY_DAYS, 'apiTokens.expiryInvalid').nullable().default(null),
});
export type CreateTokenWrite = z.input<typeof CreateTokenBodySchema>;
export type CreateTokenInput = z.output<typeof CreateTokenBodySchema>;

/** A token as lists show it: never its secret, only the first characters to recognise it by. */
export const ApiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The token's first characters, e.g. `pw_Ab12Cd`, followed by '…' where shown. */
  prefix: z.string(),
  state: z.enum(TOKEN_STATES),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** The workspace the token acts in, chosen when it was made (decision 042). */
  workspaceId: z.uuid(),
  workspaceName: z.string(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

/** The answer to creating a token: the only time the secret is ever sent. */
export const CreatedTokenSchema = ApiTokenSchema.extend({ token: z.string() });
export type CreatedToken = z.infer<typeof CreatedTokenSchema>;

export const TokenListSchema = z.object({ data: z.array(ApiTokenSchema) });

export const TokenOwnerSchema = z.object({ id: z.string(), email: z.string(), name: z.string() });
export const AdminTokenSchema = ApiTokenSchema.extend({ owner: TokenOwnerSchema });
export type AdminToken = z.infer<typeof AdminTokenSchema>;
export const AdminTokenListSchema = z.object({ data: z.array(AdminTokenSchema), total: z.number().int() });

export const AdminTokenListQuerySchema = z.object({
  limit: z.coerce
    .number('errors.validation')
    .int('errors.validation')
    .min(1, 'errors.validation')
    .max(200, 'errors.validation')
    .default(100),
  offset: z.coerce
    .number('errors.validation')
    .int('errors.validation')
    .min(0, 'errors.validation')
    .max(1_000_000, 'errors.validation')
    .default(0),
});

export const TokenIdParamsSchema = z.object({ id: z.uuid('errors.validation') });
