import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Insights, StoredInsightsResponseSchema } from '../../../../shared/api/ai.schemas';
import { api } from '../../../lib/api-client';

/** The newest insights stored with one of the user's posts (null: none made yet). */
export const getPostInsights = (postId: string): Promise<Insights | null> =>
  api<z.infer<typeof StoredInsightsResponseSchema>>(`/ai/posts/${postId}/insights`).then((r) => r.response);

export const postInsightsQueryKey = (postId: string) => ['ai', 'post-insights', postId] as const;

export const postInsightsQueryOptions = (postId: string) =>
  queryOptions({ queryKey: postInsightsQueryKey(postId), queryFn: () => getPostInsights(postId) });

/** A saved post's stored insights; nothing is asked for a post not saved yet. */
export const usePostInsights = (postId: string | undefined) =>
  useQuery({ ...postInsightsQueryOptions(postId ?? ''), enabled: Boolean(postId) });

/** Insights just generated and stored with the post become what its query holds. */
export const setPostInsights = (client: QueryClient, postId: string, insights: Insights) =>
  client.setQueryData(postInsightsQueryKey(postId), insights);
