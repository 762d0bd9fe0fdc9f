import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../shared/api/posts.schemas';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { postQueryOptions } from '../api/get-post';
import { postsRangesKey } from '../api/get-posts';

/**
 * What a post the calendar shows but that cannot be opened (Edit, Details) says: deleted meanwhile, and
 * the calendar is asked again so that its card goes; anything else is the usual error.
 */
export function usePostNotOpened() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown) => {
      const gone = error instanceof ApiRequestError && error.status === 404;
      notify({ color: 'red', message: gone ? t('calendar.postGone') : errorMessage(t, error) });
      if (gone) void queryClient.invalidateQueries({ queryKey: postsRangesKey });
    },
    [t, queryClient],
  );
}

/**
 * Opens a post of the calendar in the composer: the calendar holds only its card, so the whole post is
 * fetched first (`opening` meanwhile). Of two quick clicks, the last one wins.
 */
export function useEditPost(onLoaded: (post: Post) => void, onFailed?: () => void) {
  const queryClient = useQueryClient();
  const notOpened = usePostNotOpened();
  const [opening, setOpening] = useState(false);
  const latest = useRef<string | null>(null);
  const edit = async (id: string) => {
    latest.current = id;
    setOpening(true);
    try {
      const post = await queryClient.fetchQuery(postQueryOptions(id));
      if (latest.current === id) onLoaded(post);
    } catch (error) {
      if (latest.current === id) {
        notOpened(error);
        onFailed?.();
      }
    } finally {
      if (latest.current === id) {
        latest.current = null;
        setOpening(false);
      }
    }
  };
  return { edit, opening };
}
