import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  BestTime,
  BestTimeRequestSchema,
  BestTimeResponseSchema,
} from '../../../../shared/api/ai.schemas';
import { api } from '../../../lib/api-client';

export type BestTimeRequest = z.input<typeof BestTimeRequestSchema>;

/** The best weekday and hour per network, learnt from the caller's published posts (or the defaults). */
export const predictBestTimeToPost = (body: BestTimeRequest): Promise<BestTime> =>
  api<z.infer<typeof BestTimeResponseSchema>>('/ai/predictBestTimeToPost', { method: 'POST', body }).then(
    (r) => r.response,
  );

export const usePredictBestTimeToPost = () => useMutation({ mutationFn: predictBestTimeToPost });
