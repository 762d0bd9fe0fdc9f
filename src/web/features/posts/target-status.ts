import type { TFunction } from 'i18next';
import type { Post, PostTarget } from '../../../shared/api/posts.schemas';
import { wordedErrorCode } from '../../../shared/platforms/error-codes';
import { PLATFORM_NAMES } from '../../../shared/platforms/names';
import type { TargetState } from '../../components/target-color';
import { formatDateTime } from '../../lib/format-date';
import { targetName } from '../../lib/accounts';

export const POST_STATUS_COLOR: Record<Post['status'], string> = {
  draft: 'gray',
  awaiting_approval: 'grape',
  not_approved: 'red',
  scheduled: 'blue',
  publishing: 'yellow',
  published: 'green',
  partially_failed: 'orange',
  failed: 'red',
};

/**
 * The fields of a target these read: a full `PostTarget` (GET /api/posts/:id, nulls included) or a
 * calendar card's `CalendarTarget` (empty fields left out).
 */
export interface TargetFields {
  platform: PostTarget['platform'];
  /** The account it goes to: its name on a card, the account on a full post. */
  account?: string | PostTarget['account'];
  status: PostTarget['status'];
  blocked?: PostTarget['blocked'];
  nextAttemptAt?: string | null;
  lastErrorCode?: string | null;
  lastError?: string | null;
}

export const targetState = (target: TargetFields): TargetState =>
  target.blocked ? 'blocked' : target.status;

/**
 * Why a target failed (or last failed), in the reader's language: each code the server records has its
 * words (a retired code those of its replacement); the network's own text, when there is one, goes into the words of a refusal or, for a code this
 * web does not know yet (an older or newer server), is quoted as what the network said. Null when nothing
 * went wrong.
 */
export function targetReason(t: TFunction, target: TargetFields): string | null {
  const code = wordedErrorCode(target.lastErrorCode);
  const platform = PLATFORM_NAMES[target.platform];
  const reason = target.lastError ?? '';
  if (code) return t(`networkErrors.${code}`, { platform, reason });
  return target.lastError ? t('targets.networkSaid', { platform, reason }) : null;
}

/** What stands in the way, e.g. "Connect Bluesky to publish", or null. */
export const blockedText = (t: TFunction, target: TargetFields) =>
  target.blocked ? t(`targets.blocked.${target.blocked}`, { platform: targetName(t, target) }) : null;

/**
 * One line saying where a target stands, for the calendar card's icon (its accessible name and tooltip):
 * "X: published", "Bluesky: retrying at …", "Connect Bluesky to publish". A draft's targets are only
 * their network's name: nothing is due yet.
 */
export function targetLabel(t: TFunction, target: TargetFields, postStatus: Post['status']): string {
  const platform = targetName(t, target);
  if (postStatus === 'draft') return platform;
  const blocked = blockedText(t, target);
  if (blocked) return blocked;
  switch (target.status) {
    case 'retrying':
      return target.nextAttemptAt
        ? t('targets.label.retryingAt', { platform, time: formatDateTime(target.nextAttemptAt) })
        : t('targets.label.retrying', { platform });
    case 'failed': {
      const reason = targetReason(t, target);
      return reason
        ? t('targets.label.failedBecause', { platform, reason })
        : t('targets.label.failed', { platform });
    }
    default:
      return t(`targets.label.${target.status}`, { platform });
  }
}
