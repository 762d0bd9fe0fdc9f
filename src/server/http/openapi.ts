import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { securityOf } from '../auth/session';

/** The two ways to call the API, as the OpenAPI document names them. */
export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'postwell.session_token',
    description: 'The browser session, set by POST /api/auth/sign-in/email.',
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A personal API token (pw_…) from the Profile page, sent as `Authorization: Bearer <token>`. ' +
      'It acts with its owner’s current role. No cookie and no Origin header are needed.',
  },
} as const;

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type Requirement = Record<string, string[]>;
const REQUIREMENTS: Record<ReturnType<typeof securityOf>, Requirement[]> = {
  public: [],
  session: [{ session: [] }],
  'session-or-token': [{ session: [] }, { bearer: [] }],
};

/**
 * jsonSchemaTransform, plus each route's `security` worked out from its guards, so that the document
 * cannot drift from what the server enforces: `[]` for a public route, the session alone where a token
 * is refused (token management, password, sign-out, OAuth consent), the session or a token elsewhere.
 */
export const transformWithSecurity: Transform = (input) => {
  const output = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  return {
    ...output,
    schema: {
      ...output.schema,
      security: REQUIREMENTS[securityOf(input.route.onRequest)],
    },
  };
};
