import { useQuery } from '@tanstack/react-query';
import type { Variables } from '../../../../shared/api/variables.schemas';
import { api } from '../../../lib/api-client';

/** GET, PUT and DELETE /api/variables all answer the whole set: the mutations write it here. */
export const variablesQueryKey = ['variables'] as const;
export type VariablesResponse = { data: Variables };

export const getVariables = () => api<VariablesResponse>('/variables').then((r) => r.data);

/** The user's saved texts by name: inserted into posts, and filling `{{name}}` in video captions. */
export const useVariables = () => useQuery<Variables>({ queryKey: variablesQueryKey, queryFn: getVariables });
