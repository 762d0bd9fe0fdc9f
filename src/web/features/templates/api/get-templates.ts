import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type Template, type TemplateList, TEMPLATES_PAGE } from '../../../../shared/api/templates.schemas';
import { api } from '../../../lib/api-client';

/** Every page of every category sits under this key: saving or deleting a template asks for them again. */
export const templatesQueryKey = ['templates'] as const;

export const getTemplates = (category: Template['category'], offset: number) =>
  api<TemplateList>(
    `/templates?category=${encodeURIComponent(category)}&limit=${TEMPLATES_PAGE}&offset=${offset}`,
  );

/** One category's templates, newest first, a page at a time ("Show more"). */
export const useTemplates = (category: Template['category']) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...templatesQueryKey, category],
      queryFn: ({ pageParam }) => getTemplates(category, pageParam),
      initialPageParam: 0,
      getNextPageParam: (last, pages) => {
        const loaded = pages.reduce((n, page) => n + page.data.length, 0);
        return loaded < last.total && last.data.length > 0 ? loaded : undefined;
      },
    }),
  );
