import { z } from 'zod';
import type { MetricsReading } from '../contract';
import { expectShape } from '../http';
import { goneOn404, reading } from '../metrics';

/**
 * A post's social actions (`GET /rest/socialActions/{shareUrn|ugcPostUrn}`, Community Management API):
 * likes and comments. The summary documents no share count, and reach and impressions need the
 * organization statistics APIs, which a member's post does not have: those stay null. Reading needs
 * `r_member_social`; without it LinkedIn answers 403, a refusal kept with its words. The adapter passes
 * its own versioned GET.
 */

const SocialActions = z.object({
  likesSummary: z.object({ totalLikes: z.number().optional() }).optional(),
  commentsSummary: z
    .object({
      aggregatedTotalComments: z.number().optional(),
      totalFirstLevelComments: z.number().optional(),
    })
    .optional(),
});

export async function fetchSocialActions(
  get: (path: string) => Promise<unknown>,
  postUrn: string,
): Promise<MetricsReading> {
  const body = await goneOn404('linkedin', () => get(`/rest/socialActions/${encodeURIComponent(postUrn)}`));
  const actions = expectShape('linkedin', SocialActions, body);
  return reading({
    likes: actions.likesSummary?.totalLikes,
    // Aggregated counts replies to comments too, as the post's page shows them.
    comments:
      actions.commentsSummary?.aggregatedTotalComments ?? actions.commentsSummary?.totalFirstLevelComments,
  });
}
