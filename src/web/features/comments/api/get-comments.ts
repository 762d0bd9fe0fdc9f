import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommentList } from '../../../../shared/api/comments.schemas';
import { api } from '../../../lib/api-client';

/** What a thread is on: a post, or a recurring rule. */
export type CommentSubject = { postId: string } | { recurringId: string };

export const subjectPath = (subject: CommentSubject) =>
  'postId' in subject
    ? `/posts/${encodeURIComponent(subject.postId)}/comments`
    : `/recurring-posts/${encodeURIComponent(subject.recurringId)}/comments`;

export const commentsQueryKey = (subject: CommentSubject) => ['comments', subjectPath(subject)] as const;

/** A thread, oldest first; read again every half minute while it is open, for others' answers. */
export const useComments = (subject: CommentSubject) =>
  useQuery(
    queryOptions({
      queryKey: commentsQueryKey(subject),
      queryFn: () => api<CommentList>(subjectPath(subject)),
      refetchInterval: 30_000,
    }),
  );
