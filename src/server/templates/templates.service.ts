import { type Template, type TemplateInput, TemplateSchema } from '../../shared/api/templates.schemas';
import type { SessionUser } from '../auth/session';
import { notFound } from '../http/errors';
import { sanitizePostHtml } from '../posts/sanitize';
import type { TemplateRow, TemplatesRepo, TemplateValues } from './templates.repo';

/** The spec's three built-in samples, given to every user the first time they open their templates. */
const SAMPLES: TemplateValues[] = [
  {
    name: 'Promo Template',
    description: 'A limited-time offer',
    category: 'Promotions',
    industry: 'retail',
    platforms: ['twitter', 'bluesky', 'facebook', 'instagram', 'linkedin'],
    contentHtml:
      '<p>🎉 Special offer for our {{platform}} followers: 20% off everything until {{date}}!</p><p>Follow {{username}} for more.</p>',
  },
  {
    name: 'Event Announcement',
    description: 'Invite people to an event',
    category: 'Events',
    industry: null,
    platforms: ['twitter', 'bluesky', 'facebook', 'linkedin'],
    contentHtml:
      '<p>📅 Join us on {{date}}!</p><p>Details and tickets: follow {{username}} on {{platform}}.</p>',
  },
  {
    name: 'Caption Template',
    description: 'A short caption for a photo or video',
    category: 'Captions',
    industry: null,
    platforms: ['instagram', 'tiktok', 'bluesky'],
    contentHtml: '<p>✨ Behind the scenes with {{username}}. What do you think?</p>',
  },
];

const toTemplate = (row: TemplateRow): Template =>
  TemplateSchema.parse({
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    industry: row.industry,
    platforms: row.platforms,
    content: row.contentHtml,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

const toValues = (input: TemplateInput): TemplateValues => ({
  name: input.name,
  description: input.description,
  category: input.category,
  industry: input.industry,
  platforms: input.platforms,
  contentHtml: sanitizePostHtml(input.content),
});

export function createTemplatesService(repo: TemplatesRepo) {
  return {
    async list(actor: SessionUser, category?: Template['category']) {
      await repo.seedOnce(actor.id, SAMPLES);
      return { data: (await repo.list(actor.id, category)).map(toTemplate) };
    },
    async create(actor: SessionUser, input: TemplateInput) {
      return toTemplate(await repo.create(actor.id, toValues(input)));
    },
    async update(actor: SessionUser, id: string, input: TemplateInput) {
      const row = await repo.update(actor.id, id, toValues(input));
      if (!row) throw notFound('This template');
      return toTemplate(row);
    },
    async remove(actor: SessionUser, id: string) {
      if (!(await repo.remove(actor.id, id))) throw notFound('This template');
    },
  };
}
export type TemplatesService = ReturnType<typeof createTemplatesService>;
