import { STATUS_CODES } from 'node:http';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
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
      'It acts with its owner’s current role, in the workspace it was made in. No cookie and no Origin ' +
      'header are needed.',
  },
} as const;

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type Requirement = Record<string, string[]>;
const REQUIREMENTS: Record<ReturnType<typeof securityOf>, Requirement[]> = {
  public: [],
  optional: [{}, { session: [] }, { bearer: [] }],
  session: [{ session: [] }],
  'session-or-token': [{ session: [] }, { bearer: [] }],
};

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Answers that come from the app's frame rather than from a route, each as the document explains it. */
const FRAME_ANSWERS = {
  400: 'The input is refused: a field that does not match (named in `fields`), a control character, malformed JSON, a URL that is not UTF-8 (BAD_URL)',
  401: 'Not signed in, or the API token is not valid (TOKEN_INVALID, TOKEN_REVOKED, TOKEN_EXPIRED)',
  403: 'Not allowed: the role (the workspace role: WORKSPACE_ROLE), a token where a session is needed, or a change from another origin (FORBIDDEN_ORIGIN)',
  404: 'No such route, nothing of the workspace by that id, or a workspace you are not a member of (WORKSPACE_NOT_FOUND)',
  408: 'The request did not arrive in time (REQUEST_TIMEOUT)',
  413: 'The body is larger than this route takes (BODY_TOO_LARGE)',
  414: 'A parameter in the path is longer than 100 characters (PARAMETER_TOO_LONG)',
  415: 'The body is of a content type this route does not read (UNSUPPORTED_MEDIA_TYPE)',
  429: 'Too many requests (RATE_LIMITED): try again after `retryAfterSeconds`, also sent as Retry-After',
  431: 'The URL and headers are over 16 KB together (HEADERS_TOO_LARGE)',
} as const;
type FrameStatus = keyof typeof FRAME_ANSWERS;

/**
 * The frame's answers a route can give: every route can refuse input, miss, time out or get a URL too
 * long; a route with path parameters a parameter too long; a method with a body the Origin rule and the
 * body's size and type; a route that reads the caller a refused session or token (a token is counted on
 * each call: 429), and the guards' 403 where it needs one; a route with a rate limit 429.
 */
function frameStatuses(route: RouteOptions): FrameStatus[] {
  const unsafe = [route.method].flat().some((method) => UNSAFE_METHODS.has(method));
  const security = securityOf(route.onRequest);
  const readsCaller = security !== 'public';
  const guarded = readsCaller && security !== 'optional';
  const limited = readsCaller || Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
  return [
    400,
    404,
    408,
    431,
    ...(route.url.includes(':') ? ([414] as const) : []),
    ...(unsafe ? ([403, 413, 415] as const) : []),
    ...(readsCaller ? ([401] as const) : []),
    ...(guarded ? ([403] as const) : []),
    ...(limited ? ([429] as const) : []),
  ];
}

type JsonSchema = Record<string, unknown>;
const REDIRECTS = new Set(['301', '302', '303', '307', '308']);

/**
 * OpenAPI 3.0 lets `nullable` add null to the types but not to an `enum` (3.0.3 says so): zod's
 * `z.enum(…).nullable()` comes out as a nullable enum without null, which a strict client refuses.
 */
function withNullInEnums(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullInEnums);
  if (!schema || typeof schema !== 'object') return schema;
  const out = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, withNullInEnums(value)]));
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null))
    out.enum = [...out.enum, null];
  return out;
}

/**
 * One response as the document states it: `z.null()` is an answer without a body (204, a redirect, 304),
 * a redirect names its Location, and a 429 its Retry-After.
 */
function documented(status: string, schema: JsonSchema): JsonSchema {
  const noBody = Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null;
  const body = noBody ? { type: 'null', description: schema.description ?? STATUS_CODES[status] } : schema;
  const headers = {
    ...(REDIRECTS.has(status) ? { Location: { type: 'string', description: 'Where to go next' } } : {}),
    ...(status === '429'
      ? { 'Retry-After': { type: 'integer', minimum: 1, description: 'Seconds to wait before trying again' } }
      : {}),
  };
  return Object.keys(headers).length ? { ...body, headers } : body;
}

/**
 * jsonSchemaTransform, plus what the route's own declaration cannot know, so that the document cannot
 * drift from what the server does:
 * - its `security` worked out from its guards: `[]` for a public route, the session alone where a token
 *   is refused (token management, password, sign-out, OAuth consent), anyone or the session or a token
 *   where a caller is read if there is one (OAuth callbacks), the session or a token elsewhere;
 * - the answers of the app's frame (`frameStatuses`) in the ApiError shape, where the route names none;
 * - bodies and headers as `documented` states them, and enums that allow null with null in them.
 * `http/robustness.int.test.ts` checks every answer it provokes against the result.
 */
export const transformRoute: Transform = (input) => {
  const security = REQUIREMENTS[securityOf(input.route.onRequest)];
  if (!input.schema || input.schema.hide) {
    const output = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
    return { ...output, schema: { ...output.schema, security } };
  }
  const declared = (input.schema.response ?? {}) as Record<string, ZodType>;
  const frame = Object.fromEntries(
    frameStatuses(input.route)
      .filter((status) => !(status in declared))
      .map((status) => [status, ApiErrorSchema.describe(FRAME_ANSWERS[status])]),
  );
  const output = jsonSchemaTransform({
    ...input,
    schema: { ...input.schema, response: { ...declared, ...frame } },
  } as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = withNullInEnums(output.schema) as JsonSchema;
  const responses = (schema.response ?? {}) as Record<string, JsonSchema>;
  return {
    ...output,
    schema: {
      ...schema,
      response: Object.fromEntries(
        Object.entries(responses).map(([status, schema]) => [status, documented(status, schema)]),
      ),
      security,
    },
  };
};

type TransformObject = NonNullable<FastifyDynamicSwaggerOptions['transformObject']>;
type Operation = {
  responses?: Record<
    string,
    {
      headers?: Record<string, { required?: boolean }>;
      content?: Record<string, { schema?: Record<string, unknown> }>;
    }
  >;
};

/** An error answer's schema, as every route writes it out: the ApiError shape. */
const isApiError = (schema: Record<string, unknown> | undefined) => {
  const properties = schema?.properties as Record<string, { enum?: unknown[] }> | undefined;
  return Boolean(
    properties?.statusCode && properties.message && properties.code?.enum?.includes('NOT_FOUND'),
  );
};

/**
 * The document as a whole:
 * - every header it names is one the server always sends with that answer;
 * - every error answer refers to one `ApiError` schema in `components` instead of repeating it (with its
 *   hundred codes) under each status of each route: written out, the document grew past 3 MB and the
 *   API reference page stopped drawing its operations.
 */
export const finishDocument: TransformObject = (input) => {
  if (!('openapiObject' in input)) return input.swaggerObject;
  const document = input.openapiObject;
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  let apiError: Record<string, unknown> | undefined;
  for (const operation of Object.values(paths).flatMap((methods) => Object.values(methods)))
    for (const response of Object.values(operation.responses ?? {})) {
      for (const header of Object.values(response.headers ?? {})) header.required = true;
      const json = response.content?.['application/json'];
      if (json && isApiError(json.schema)) {
        const { description: _description, ...shape } = json.schema!;
        apiError ??= shape;
        json.schema = { $ref: '#/components/schemas/ApiError' };
      }
    }
  if (apiError) {
    const components = (document.components ??= {}) as { schemas?: Record<string, unknown> };
    components.schemas = { ...components.schemas, ApiError: apiError };
  }
  return document;
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
