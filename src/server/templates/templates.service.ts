import {
  type Template,
  type TemplateInput,
  type TemplateList,
  type TemplateListQuery,
  TemplateSchema,
  TEMPLATES_MAX,
} from '../../shared/api/templates.schemas';
import { type SessionUser, scopeOf } from '../auth/session';
import { AppError, notFound } from '../http/errors';
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
    async list(actor: SessionUser, { category, limit, offset }: TemplateListQuery): Promise<TemplateList> {
      await repo.seedOnce(scopeOf(actor), SAMPLES);
      const { rows, total } = await repo.list(actor.workspace.id, category, limit, offset);
      return { data: rows.map(toTemplate), total };
    },
    async create(actor: SessionUser, input: TemplateInput) {
      const row = await repo.create(scopeOf(actor), toValues(input), TEMPLATES_MAX);
      if (!row)
        throw new AppError(
          409,
          'TOO_MANY_TEMPLATES',
          `This workspace already has ${TEMPLATES_MAX} templates; delete one first.`,
          { params: { max: TEMPLATES_MAX } },
        );
      return toTemplate(row);
    },
    async update(actor: SessionUser, id: string, input: TemplateInput) {
      const row = await repo.update(actor.workspace.id, id, toValues(input));
      if (!row) throw notFound('This template');
      return toTemplate(row);
    },
    async remove(actor: SessionUser, id: string) {
      if (!(await repo.remove(actor.workspace.id, id))) throw notFound('This template');
    },
  };
}
export type TemplatesService = ReturnType<typeof createTemplatesService>;
