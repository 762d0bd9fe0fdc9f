import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Template } from '../../../../shared/api/templates.schemas';
import { api } from '../../../lib/api-client';

export const templatesQueryKey = ['templates'] as const;

export const getTemplates = () => api<{ data: Template[] }>('/templates').then((r) => r.data);

export const useTemplates = (enabled: boolean) =>
  useQuery(queryOptions({ queryKey: templatesQueryKey, queryFn: getTemplates, enabled }));
