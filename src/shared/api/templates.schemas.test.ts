import { describe, expect, it } from 'vitest';
import { fillTemplate, TemplateWriteSchema } from './templates.schemas';

describe('templates', () => {
  it('fills the three placeholders and leaves others visible', () => {
    expect(
      fillTemplate('<p>Hi {{username}} on {{ platform }}, {{date}}! {{price}}</p>', {
        platform: 'Bluesky',
        username: '@ada',
        date: 'Jan 5, 2025',
      }),
    ).toBe('<p>Hi @ada on Bluesky, Jan 5, 2025! {{price}}</p>');
    expect(fillTemplate('{{username}}', {})).toBe('{{username}}');
  });

  it("uses the spec's messages", () => {
    const result = TemplateWriteSchema.safeParse({
      name: ' ',
      category: 'Recipes',
      platforms: [],
      content: '<p> </p>',
    });
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      name: 'templates.nameRequired',
      category: 'templates.categoryRequired',
      platforms: 'templates.platformsRequired',
      content: 'templates.contentRequired',
    });
  });
});
