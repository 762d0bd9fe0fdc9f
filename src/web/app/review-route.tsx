import { htmlToText } from '../../shared/platforms/html-to-text';
import type { Platform } from '../../shared/platforms/rules';
import type { ReviewPost } from '../../shared/api/review-links.schemas';
import type { Author } from '../features/posts/components/preview/author';
import { NetworkPost } from '../features/posts/components/preview/network-post';
import { receivedBy } from '../components/post-form/versions';
import { type ReviewPreview, ReviewPage } from '../features/review-links/components/review-page';

/**
 * Who the post appears from on the review page: the workspace's account there (its handle where the
 * network shows one beside a name), else the workspace's name.
 */
function authorOf(platform: Platform, account: string | null, workspace: string): Author {
  const connected = account !== null;
  if (platform === 'twitter' || platform === 'bluesky' || platform === 'tiktok')
    return { name: workspace, handle: account ? `@${account}` : null, connected };
  return { name: account ?? workspace, handle: null, connected };
}

/** The posts feature's network preview, for a post as a review link shows it. */
const Preview: ReviewPreview = ({
  platform,
  account,
  workspace,
  post,
}: {
  platform: Platform;
  account: string | null;
  workspace: string;
  post: ReviewPost;
}) => {
  // What this account receives: its own version, else its network's, else the post.
  const got = receivedBy(platform, post.content, post.media, post.versions, account);
  return (
    <NetworkPost
      platform={platform}
      author={authorOf(platform, account, workspace)}
      text={htmlToText(got.content)}
      media={got.media}
      variables={{}}
    />
  );
};

/** `/review#<token>`: a client review link's page, with the posts feature's previews. */
export function ReviewRoute() {
  return <ReviewPage preview={Preview} />;
}
