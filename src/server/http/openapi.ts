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

/**
 * The API reference page's Content-Security-Policy (swagger-ui sets it on /api/docs only, over the app's
 * own). Like the library's default, but without its "any https: stylesheet" and the validator badge's
 * image host, and asking browsers to upgrade to https only when the server is on https: on a plain-http
 * installation the upgrade would send the page's own scripts and its "Try it out" calls to a port that
 * does not speak TLS.
 */
export function docsContentSecurityPolicy(https: boolean): string {
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' data:",
    "frame-ancestors 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "script-src 'self'",
    "script-src-attr 'none'",
    // swagger-ui sets inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "form-action 'self'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}
