import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SettingsSchema } from '../../shared/api/admin.schemas';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { canManageSettings } from '../../shared/roles';
import { type Guards, userOf } from '../auth/session';
import type { SettingsService } from './settings.service';

export async function settingsRoutes(
  app: FastifyInstance,
  { settings, guards }: { settings: SettingsService; guards: Guards },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema };

  r.get(
    '/api/settings',
    {
      onRequest: guards.requireRole(canManageSettings),
      schema: {
        tags: ['admin'],
        summary: 'Application settings (super_admin)',
        response: { 200: SettingsSchema, ...errors },
      },
    },
    async () => settings.read(),
  );

  r.put(
    '/api/settings',
    {
      onRequest: guards.requireRole(canManageSettings),
      schema: {
        tags: ['admin'],
        summary: 'Change settings: trialDurationDays, a whole number of days from 1 to 365 (super_admin)',
        body: SettingsSchema,
        response: { 200: SettingsSchema, 400: ApiErrorSchema, ...errors },
      },
    },
    async (request) => settings.update(userOf(request), request.body),
  );
}
