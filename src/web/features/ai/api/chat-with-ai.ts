import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ChatRequestSchema, TextResponseSchema } from '../../../../shared/api/ai.schemas';
import { api } from '../../../lib/api-client';

export type ChatRequest = z.input<typeof ChatRequestSchema>;

/** The model's reply to a conversation that ends with the user's new message. */
export const chatWithAI = (body: ChatRequest): Promise<string> =>
  api<z.infer<typeof TextResponseSchema>>('/ai/chatWithAI', { method: 'POST', body }).then((r) => r.response);

export const useChatWithAI = () => useMutation({ mutationFn: chatWithAI });
