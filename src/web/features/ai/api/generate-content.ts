import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { GenerateContentRequestSchema, TextResponseSchema } from '../../../../shared/api/ai.schemas';
import { api } from '../../../lib/api-client';

export type GenerateContentRequest = z.input<typeof GenerateContentRequestSchema>;

/** A post's text written by the model from a prompt, in a tone. */
export const generateContent = (body: GenerateContentRequest): Promise<string> =>
  api<z.infer<typeof TextResponseSchema>>('/ai/generateContent', { method: 'POST', body }).then(
    (r) => r.response,
  );

export const useGenerateContent = () => useMutation({ mutationFn: generateContent });
