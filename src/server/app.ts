import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ApiError } from '../shared/api/errors.schemas';
import { adminRoutes } from './admin/admin.routes';
import { aiRoutes } from './ai/ai.routes';
import { analyticsRoutes } from './analytics/analytics.routes';
import { auditRoutes } from './audit/audit.routes';
import { authRoutes } from './auth/auth.routes';
import { oidcRoutes } from './auth/oidc.routes';
import type { AppContext } from './context';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { hashtagsRoutes } from './hashtags/hashtags.routes';
import { alertsRoutes } from './alerts/alerts.routes';
import { healthRoutes } from './health/health.routes';
import { AppError, clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/errors';
import { registerInputGuard } from './http/input-guard';
import { docsContentSecurityPolicy, finishDocument, SECURITY_SCHEMES, transformRoute } from './http/openapi';
import { connectionsRoutes } from './connections/connections.routes';
import { mediaRoutes } from './media/media.routes';
import { importsRoutes } from './imports/imports.routes';
import { feedsRoutes } from './feeds/feeds.routes';
import { evergreenRoutes } from './evergreen/evergreen.routes';
import { linksRoutes } from './links/links.routes';
import { metricsRoutes } from './monitoring/metrics.routes';
import { postsRoutes } from './posts/posts.routes';
import { queueRoutes } from './queue/queue.routes';
import { recurringRoutes } from './recurring/recurring.routes';
import { settingsRoutes } from './settings/settings.routes';
import { securityHeaders } from './http/security-headers';
import { templatesRoutes } from './templates/templates.routes';
import { workspacesRoutes } from './workspaces/workspaces.routes';
import { membersRoutes } from './workspaces/members.routes';
import { approvalsRoutes } from './approvals/approvals.routes';
import { commentsRoutes } from './comments/comments.routes';
import { reviewLinksRoutes } from './review-links/review-links.routes';
import { tokensRoutes } from './tokens/tokens.routes';
import { trialsRoutes } from './trials/trials.routes';
import { usersRoutes } from './users/users.routes';
import { variablesRoutes } from './variables/variables.routes';
import { webhooksRoutes } from './webhooks/webhooks.routes';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Builds the HTTP app: plugins first, then each feature's routes, then the SPA fallback. */
export async function buildApp(
  ctx: AppContext,
  options: { onRoute?: (route: RouteOptions) => void } = {},
): Promise<FastifyInstance> {
  const { env } = ctx;
  const app = Fastify({
    loggerInstance: ctx.logger,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // The router's and Node's own refusals (a bad URL, headers over 16 KB) answer as ApiError too.
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const https = env.PUBLIC_URL.startsWith('https://');
  const security = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'"],
        // Mantine sets inline style attributes and injects its CSS variables at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    strictTransportSecurity: https,
  });
  // The hooks every request passes through take a callback rather than return a promise: each is
  // synchronous, and a promise per hook per request is measurable on the calendar's hot path (issue 15).
  // A client review page (and its API) is framed by no site at all, not even ours.
  const reviewSecurity = {
    ...security,
    'content-security-policy': (security['content-security-policy'] ?? '').replace(
      "frame-ancestors 'self'",
      "frame-ancestors 'none'",
    ),
    'x-frame-options': 'DENY',
  };
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    void reply.headers(
      url.startsWith('/review') || url.startsWith('/api/review/') ? reviewSecurity : security,
    );
    done();
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        'RATE_LIMITED',
        `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        {
          retryAfterSeconds: Math.ceil(context.ttl / 1000),
        },
      ),
  });

  // Cookies are SameSite=Lax; on top of that a state-changing call must come from our own origin. Every
  // unsafe method is checked whatever its path and however the path is spelled (percent-encoded,
  // absolute-form): the rule does not look at the path at all.
  //
  // A call with a bearer token and no cookie is exempt: a cross-site page cannot make a browser send an
  // Authorization header (that needs CORS, which this server never grants), and without a cookie the
  // browser lends it no ambient authority, so whoever sends it holds the token itself: a script, not a
  // forged request. With a cookie as well, the check applies as to any browser call.
  const trustedOrigin = new URL(env.PUBLIC_URL).origin;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!UNSAFE_METHODS.has(request.method)) return done();
    if (request.headers.cookie === undefined && /^bearer /i.test(request.headers.authorization ?? ''))
      return done();
    const origin = request.headers.origin;
    if ((origin && origin !== trustedOrigin) || request.headers['sec-fetch-site'] === 'cross-site') {
      return done(
        new AppError(403, 'FORBIDDEN_ORIGIN', `Requests that change data must come from ${trustedOrigin}.`),
      );
    }
    done();
  });
  registerInputGuard(app);
  // Latency by the router's pattern, never the URL as sent: the label's values stay bounded.
  app.addHook('onResponse', (request, reply, done) => {
    ctx.metrics.httpRequest(
      request.routeOptions.url,
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Postwell API',
        version: '0.1.0',
        description:
          'Every route of the app; errors use the ApiError shape. A signed-in route acts in one workspace: ' +
          'the one the `X-Postwell-Workspace` header names (an id from GET /api/workspaces), else an API ' +
          'token’s own, else the caller’s personal workspace.',
      },
      servers: [{ url: env.PUBLIC_URL }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: transformRoute,
    transformObject: finishDocument,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: docsContentSecurityPolicy(https),
    // No call to the public validator service; the token typed into Authorize is not kept in storage.
    uiConfig: { validatorUrl: null, persistAuthorization: false, tryItOutEnabled: true },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await healthRoutes(app, { health: ctx.health });
  await metricsRoutes(app, { metrics: ctx.metrics, token: env.METRICS_TOKEN, requireToken: true });
  await alertsRoutes(app, { alerts: ctx.alerts, guards: ctx.guards });
  await authRoutes(app, {
    auth: ctx.auth,
    guards: ctx.guards,
    signInLock: ctx.signInLock,
    devices: ctx.devices,
    resetTokens: ctx.resetTokens,
    afterPasswordReset: (userId) => ctx.users.afterPasswordReset(userId),
    publicUrl: env.PUBLIC_URL,
    perIpPerMinute: env.LOGIN_RATE_PER_MINUTE,
    passwordSignIn: !ctx.oidc?.only,
  });
  await oidcRoutes(app, {
    auth: ctx.auth,
    guards: ctx.guards,
    audit: ctx.audit,
    repo: ctx.oidcRepo,
    oidc: ctx.oidc,
    publicUrl: env.PUBLIC_URL,
    perIpPerMinute: env.LOGIN_RATE_PER_MINUTE,
  });
  await usersRoutes(app, {
    users: ctx.users,
    guards: ctx.guards,
    auth: ctx.auth,
    passwordPerIpPerMinute: env.LOGIN_RATE_PER_MINUTE,
    devices: ctx.devices,
  });
  await trialsRoutes(app, { trials: ctx.trials, guards: ctx.guards, perIpPerHour: env.TRIAL_RATE_PER_HOUR });
  const createsPerMinute = env.CREATE_RATE_PER_MINUTE;
  await postsRoutes(app, { posts: ctx.posts, guards: ctx.guards, createsPerMinute });
  await approvalsRoutes(app, { approvals: ctx.approvals, guards: ctx.guards });
  await commentsRoutes(app, { comments: ctx.comments, guards: ctx.guards, createsPerMinute });
  await reviewLinksRoutes(app, { reviewLinks: ctx.reviewLinks, guards: ctx.guards, createsPerMinute });
  await recurringRoutes(app, { recurring: ctx.recurring, guards: ctx.guards, createsPerMinute });
  await dashboardRoutes(app, { dashboard: ctx.dashboard, guards: ctx.guards });
  await analyticsRoutes(app, { analytics: ctx.analytics, guards: ctx.guards });
  // Uploads stream to disk; one file of at most 100 MB (the video limit) per request. Only the media
  // routes take them, so the plugin is theirs: its hooks (an async onRequest adding a close listener,
  // an async onResponse) ran on every request of every route, the calendar's included (issue 24).
  // Elsewhere a multipart body is accepted unread, as the plugin did, and the route's validation answers.
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
  await app.register(async (uploads) => {
    uploads.removeContentTypeParser('multipart/form-data');
    await uploads.register(multipart, {
      limits: { files: 1, fields: 5, fileSize: 100 * 1024 * 1024 + 1 },
    });
    await mediaRoutes(uploads, { media: ctx.media, guards: ctx.guards, ffmpeg: ctx.ffmpeg });
    await importsRoutes(uploads, {
      imports: ctx.imports,
      media: ctx.media,
      guards: ctx.guards,
      createsPerMinute,
    });
  });
  await connectionsRoutes(app, { connections: ctx.connections, guards: ctx.guards, auth: ctx.auth });
  await queueRoutes(app, { queue: ctx.postingQueue, guards: ctx.guards });
  await feedsRoutes(app, { feeds: ctx.feeds, guards: ctx.guards, createsPerMinute });
  await evergreenRoutes(app, { evergreen: ctx.evergreen, guards: ctx.guards });
  await linksRoutes(app, { links: ctx.links, guards: ctx.guards });
  await workspacesRoutes(app, { workspaces: ctx.workspaces, guards: ctx.guards, createsPerMinute });
  await membersRoutes(app, {
    members: ctx.members,
    guards: ctx.guards,
    auth: ctx.auth,
    devices: ctx.devices,
    createsPerMinute,
  });
  await templatesRoutes(app, { templates: ctx.templates, guards: ctx.guards, createsPerMinute });
  await hashtagsRoutes(app, { hashtags: ctx.hashtags, guards: ctx.guards, createsPerMinute });
  await variablesRoutes(app, { variables: ctx.variables, guards: ctx.guards, createsPerMinute });
  await settingsRoutes(app, { settings: ctx.settings, guards: ctx.guards });
  await auditRoutes(app, { audit: ctx.auditLog, guards: ctx.guards });
  await adminRoutes(app, { admin: ctx.admin, guards: ctx.guards });
  await tokensRoutes(app, { tokens: ctx.tokens, guards: ctx.guards });
  await webhooksRoutes(app, { webhooks: ctx.webhooks, guards: ctx.guards });
  await aiRoutes(app, {
    ai: ctx.ai,
    performance: ctx.performance,
    guards: ctx.guards,
    perMinute: env.AI_RATE_PER_MINUTE,
  });

  await registerWebApp(app, resolve(env.WEB_DIST_DIR));
  return app;
}

/** Serves the built SPA; unknown /api paths get a JSON 404, any other GET gets index.html. */
async function registerWebApp(app: FastifyInstance, root: string) {
  const built = existsSync(resolve(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1y', immutable: true });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path === '/api' || path.startsWith('/api/') || !['GET', 'HEAD'].includes(request.method)) {
      return reply.status(404).send({
        statusCode: 404,
        code: 'NOT_FOUND',
        message: `No route ${request.method} ${path}.`,
      } satisfies ApiError);
    }
    if (!built)
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    return reply.sendFile('index.html', { maxAge: 0, immutable: false });
  });
}
