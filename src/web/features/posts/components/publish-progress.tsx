import { Anchor, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../shared/api/posts.schemas';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import { errorMessage } from '../../../lib/error-message';
import { notify, notifyUpdate } from '../../../lib/notify';
import { isClientError, postQueryOptions } from '../api/get-post';
import { postsRangesKey } from '../api/get-posts';
import { isSettled, outcomeOf } from '../send-check';
import { targetLabel } from '../target-status';

/** How often Post now asks how it went, and for how long before it leaves the rest to the calendar. */
const POLL_MS = 1_500;
const DEADLINE_MS = 120_000;

const COLOR = { published: 'green', partial: 'orange', failed: 'red', retrying: 'orange' } as const;
const isWebLink = (url: string) => /^https?:\/\//i.test(url);

/** Each network's line: where it stands, in the words of the calendar card, and the live post's link. */
function Lines({ post, footer }: { post: Post; footer?: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} component="span">
      {post.targets.map((target) => (
        <Text key={target.platform} size="sm" component="span">
          {targetLabel(t, target, post.status)}
          {target.status === 'published' && target.remoteUrl && isWebLink(target.remoteUrl) && (
            <>
              {' · '}
              <Anchor
                href={target.remoteUrl}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                aria-label={t('postDetail.viewPostOn', { platform: PLATFORM_NAMES[target.platform] })}
              >
                {t('postDetail.viewPost')}
              </Anchor>
            </>
          )}
        </Text>
      ))}
      {footer && (
        <Text size="sm" c="dimmed" component="span">
          {footer}
        </Text>
      )}
    </Stack>
  );
}

/**
 * After Post now: a "Publishing now" notice that follows the post (GET /api/posts/:id, shared with its
 * details) and says, per network, how it went: published with its link, or failed and why. It stops
 * once every network has an answer, or after two minutes, handing over to the calendar's card.
 */
export function PublishProgress({ id, onDone }: { id: string; onDone: (id: string) => void }) {
  const { t } = useTranslation();
  const notice = `publish-now-${id}`;
  const [timedOut, setTimedOut] = useState(false);
  const finished = useRef(false);
  const queryClient = useQueryClient();
  const { data: post, error } = useQuery({
    ...postQueryOptions(id),
    refetchInterval: (query) =>
      timedOut || (query.state.data && isSettled(query.state.data.targets)) ? false : POLL_MS,
  });

  useEffect(() => {
    notify({
      id: notice,
      loading: true,
      title: t('publishNow.title'),
      message: '',
      autoClose: false,
      withCloseButton: false,
    });
    const timer = setTimeout(() => setTimedOut(true), DEADLINE_MS);
    return () => {
      clearTimeout(timer);
      // Left (another page) before the answer came: the notice stops spinning and says where to look.
      if (!finished.current)
        notifyUpdate({
          id: notice,
          loading: false,
          color: 'blue',
          title: t('publishNow.stillGoing'),
          message: t('publishNow.followOnCalendar'),
          autoClose: 8_000,
          withCloseButton: true,
        });
    };
    // Once per post: the notice is shown when the watch starts and closed when it ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [notice]);

  useEffect(() => {
    if (finished.current) return;
    const gone = error && isClientError(error);
    if (gone || (post && (isSettled(post.targets) || timedOut))) {
      finished.current = true;
      const outcome = post && isSettled(post.targets) ? outcomeOf(post) : null;
      notifyUpdate({
        id: notice,
        loading: false,
        color: gone ? 'red' : outcome ? COLOR[outcome] : 'blue',
        title: gone
          ? t('publishNow.done.failed')
          : t(outcome ? `publishNow.done.${outcome}` : 'publishNow.stillGoing'),
        message: gone ? (
          errorMessage(t, error)
        ) : (
          <Lines post={post!} footer={outcome ? undefined : t('publishNow.followOnCalendar')} />
        ),
        autoClose: false,
        withCloseButton: true,
      });
      // The calendar's card showed it publishing: it shows how it went now, not at the next visit.
      void queryClient.invalidateQueries({ queryKey: postsRangesKey });
      onDone(id);
    } else {
      // The whole state each time, so that nothing of an earlier word (a remount's) stays.
      notifyUpdate({
        id: notice,
        loading: true,
        color: undefined,
        title: t('publishNow.title'),
        message: post ? <Lines post={post} /> : '',
        autoClose: false,
        withCloseButton: false,
      });
    }
  }, [post, error, timedOut, notice, id, onDone, t, queryClient]);

  return null;
}
