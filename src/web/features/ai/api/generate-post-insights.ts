import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Insights,
  InsightsRequestSchema,
  InsightsResponseSchema,
} from '../../../../shared/api/ai.schemas';
import { api } from '../../../lib/api-client';

export type InsightsRequest = z.input<typeof InsightsRequestSchema>;

/** Tone, recommendations and hashtags for a post's text (works without a model). */
export const generatePostInsights = (body: InsightsRequest): Promise<Insights> =>
  api<z.infer<typeof InsightsResponseSchema>>('/ai/generatePostInsights', { method: 'POST', body }).then(
    (r) => r.response,
  );

export const useGeneratePostInsights = () => useMutation({ mutationFn: generatePostInsights });
