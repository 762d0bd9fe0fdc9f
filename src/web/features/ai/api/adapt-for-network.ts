import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdaptRequestSchema, TextResponseSchema } from '../../../../shared/api/ai.schemas';
import { api } from '../../../lib/api-client';

export type AdaptRequest = z.input<typeof AdaptRequestSchema>;

/** The post rewritten by the model for one network (its tone and length), as plain text. */
export const adaptForNetwork = (body: AdaptRequest): Promise<string> =>
  api<z.infer<typeof TextResponseSchema>>('/ai/adaptForNetwork', { method: 'POST', body }).then(
    (r) => r.response,
  );

export const useAdaptForNetwork = () => useMutation({ mutationFn: adaptForNetwork });
