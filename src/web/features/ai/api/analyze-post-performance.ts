import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Performance,
  PerformanceRequestSchema,
  PerformanceResponseSchema,
} from '../../../../shared/api/ai.schemas';
import { api } from '../../../lib/api-client';

export type PerformanceRequest = z.input<typeof PerformanceRequestSchema>;

/** Hashtags, the best time and the sentiment of the caller's posts published in a range (or of one post). */
export const analyzePostPerformance = (body: PerformanceRequest): Promise<Performance> =>
  api<z.infer<typeof PerformanceResponseSchema>>('/ai/analyzePostPerformance', {
    method: 'POST',
    body,
  }).then((r) => r.response);

export const useAnalyzePostPerformance = () => useMutation({ mutationFn: analyzePostPerformance });
