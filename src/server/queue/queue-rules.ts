import { QUEUE_POSTS_MAX } from '../../shared/api/queue.schemas';
import { AppError } from '../http/errors';

/**
 * A queue places posts in slots at least this far ahead: a slot about to come is left alone, so a post is
 * never placed where a worker is taking its slot's post already.
 */
export const QUEUE_LEAD_MS = 60_000;

export const noSchedule = (account: string) =>
  new AppError(409, 'NO_POSTING_SCHEDULE', `${account} has no posting schedule yet.`, {
    params: { account },
  });

export const queueFull = () =>
  new AppError(409, 'QUEUE_FULL', `A queue holds at most ${QUEUE_POSTS_MAX} posts.`, {
    params: { max: QUEUE_POSTS_MAX },
  });
