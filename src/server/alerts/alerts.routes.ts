import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AlertPreferencesSchema, UpdateAlertPreferencesBodySchema } from '../../shared/api/alerts.schemas';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { type Guards, userOf } from '../auth/session';
import type { AlertsService } from './alerts.service';

const E = ApiErrorSchema;

/** The signed-in user's own alert mail choices (with a session or a token of theirs). */
export async function alertsRoutes(
  app: FastifyInstance,
  { alerts, guards }: { alerts: AlertsService; guards: Guards },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = guards.requireUser;
  const tags = ['alerts'];

  r.get(
    '/api/alerts/preferences',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Which alert mails you are sent (workerMissing and digest go to administrators only)',
        response: { 200: AlertPreferencesSchema, 401: E, 403: E },
      },
    },
    async (request) => alerts.preferences(userOf(request)),
  );

  r.put(
    '/api/alerts/preferences',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Turn alert mails on or off; kinds left out stay as they are',
        body: UpdateAlertPreferencesBodySchema,
        response: { 200: AlertPreferencesSchema, 400: E, 401: E, 403: E },
      },
    },
    async (request) => alerts.updatePreferences(userOf(request), request.body),
  );
}
