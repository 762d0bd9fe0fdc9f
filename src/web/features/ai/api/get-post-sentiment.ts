import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SentimentRequestSchema, SentimentResponseSchema } from '../../../../shared/api/ai.schemas';
import { api } from '../../../lib/api-client';

export type SentimentRequest = z.input<typeof SentimentRequestSchema>;
export type Sentiment = z.infer<typeof SentimentResponseSchema>['response'];

/** Positive, Neutral or Negative with a score in [-1, 1], for a text. */
export const getPostSentiment = (body: SentimentRequest): Promise<Sentiment> =>
  api<z.infer<typeof SentimentResponseSchema>>('/ai/getPostSentiment', { method: 'POST', body }).then(
    (r) => r.response,
  );

export const useGetPostSentiment = () => useMutation({ mutationFn: getPostSentiment });
