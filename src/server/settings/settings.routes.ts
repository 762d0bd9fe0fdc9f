import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SettingsSchema } from '../../shared/api/admin.schemas';
import { ApiErrorSchema } from '../../shared/api/errors.schemas';
import { canManageSettings } from '../../shared/roles';
import type { AuditRepo } from '../audit/audit.repo';
import { type Guards, userOf } from '../auth/session';
import type { SettingsRepo } from './settings.repo';

export async function settingsRoutes(
  app: FastifyInstance,
  deps: { settings: SettingsRepo; audit: AuditRepo; guards: Guards },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema };
  const read = async () => ({ trialDurationDays: await deps.settings.get('trialDurationDays') });

  r.get(
    '/api/settings',
    {
      onRequest: deps.guards.requireRole(canManageSettings),
      schema: {
        tags: ['admin'],
        summary: 'Application settings (super_admin)',
        response: { 200: SettingsSchema, ...errors },
      },
    },
    read,
  );

  r.put(
    '/api/settings',
    {
      onRequest: deps.guards.requireRole(canManageSettings),
      schema: {
        tags: ['admin'],
        summary: 'Change settings: trialDurationDays, a whole number of days from 1 to 365 (super_admin)',
        body: SettingsSchema,
        response: { 200: SettingsSchema, 400: ApiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const before = await read();
      await deps.settings.set('trialDurationDays', request.body.trialDurationDays);
      await deps.audit.record({
        actor: userOf(request),
        action: 'settings.update',
        details: { before, after: request.body },
      });
      return read();
    },
  );
}
