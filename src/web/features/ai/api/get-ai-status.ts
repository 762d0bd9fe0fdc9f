import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AiStatusSchema } from '../../../../shared/api/ai.schemas';
import { api } from '../../../lib/api-client';

export type AiStatus = z.infer<typeof AiStatusSchema>;

export const getAiStatus = () => api<AiStatus>('/ai/status');

export const aiStatusQueryKey = ['ai', 'status'] as const;

/** Whether a model is configured (Generate Content and Chat need one) and the tones it offers. */
export const useAiStatus = () =>
  useQuery(queryOptions({ queryKey: aiStatusQueryKey, queryFn: getAiStatus, staleTime: 60_000 }));
