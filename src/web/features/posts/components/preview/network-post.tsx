import { Avatar } from '@mantine/core';
import {
  IconBookmark,
  IconHeart,
  IconMessageCircle,
  IconRepeat,
  IconSend,
  IconShare3,
  IconThumbUp,
  IconWorld,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Platform } from '../../../../../shared/platforms/rules';
import type { Variables } from '../../../../../shared/api/variables.schemas';
import type { DraftMedia } from '../../../../components/post-form/draft-media';
import type { Author } from './author';
import { MediaGrid } from './media-grid';
import classes from './network-post.module.css';
import { PostText } from './post-text';

interface PostProps {
  platform: Platform;
  author: Author;
  text: string;
  media: DraftMedia[];
  /** The saved variables, filling `{{name}}` in an edited video's captions. */
  variables: Variables;
}

// The feed's own action bar, drawn for the likeness only: these are pictures, not controls.
const ACTIONS: Record<Platform, (typeof IconHeart)[]> = {
  twitter: [IconMessageCircle, IconRepeat, IconHeart, IconShare3],
  bluesky: [IconMessageCircle, IconRepeat, IconHeart, IconShare3],
  facebook: [IconThumbUp, IconMessageCircle, IconShare3],
  linkedin: [IconThumbUp, IconMessageCircle, IconRepeat, IconSend],
  instagram: [IconHeart, IconMessageCircle, IconSend, IconBookmark],
  tiktok: [],
};

function Actions({ platform }: { platform: Platform }) {
  return (
    <div className={classes.actions} data-network={platform} aria-hidden>
      {ACTIONS[platform].map((Icon, i) => (
        <Icon key={i} size={18} />
      ))}
    </div>
  );
}

/** The card a feed draws under a post whose first address it would unfurl (when it has no images). */
function LinkCard({ text, media }: { text: string; media: DraftMedia[] }) {
  const address = media.length ? undefined : text.match(/https?:\/\/\S+/)?.[0];
  if (!address) return null;
  let host: string;
  try {
    host = new URL(address).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
  return (
    <div className={classes.linkCard} dir="ltr">
      <span className={classes.linkHost}>{host}</span>
      <span>{address}</span>
    </div>
  );
}

function Face({ author, size }: { author: Author; size: number }) {
  return <Avatar name={author.name} color="brand" size={size} radius="xl" aria-hidden />;
}

/** A post as it will look in the network's feed: its author line, text, link colour, images and fold. */
export function NetworkPost({ platform, author, text, media, variables }: PostProps) {
  const { t } = useTranslation();
  const body = text ? <PostText platform={platform} text={text} /> : null;

  if (platform === 'twitter' || platform === 'bluesky')
    return (
      <div className={classes.post} data-network={platform} data-layout="feed">
        <Face author={author} size={40} />
        <div className={classes.column}>
          <div className={classes.byline}>
            <span className={classes.name}>{author.name}</span>
            {author.handle && <span className={classes.meta}>{author.handle}</span>}
            <span className={classes.meta}>· {t('networkPreview.justNow')}</span>
          </div>
          {body}
          <MediaGrid platform={platform} items={media} variables={variables} />
          <LinkCard text={text} media={media} />
          <Actions platform={platform} />
        </div>
      </div>
    );

  if (platform === 'instagram')
    return (
      <div className={classes.post} data-network={platform} data-layout="photo">
        <div className={classes.header}>
          <Face author={author} size={32} />
          <span className={classes.name}>{author.name}</span>
        </div>
        {media.length ? (
          <MediaGrid platform={platform} items={media} variables={variables} />
        ) : (
          <div className={classes.missing}>{t('networkPreview.needsMedia', { platform: 'Instagram' })}</div>
        )}
        <Actions platform={platform} />
        {text && <PostText platform={platform} text={text} lead={author.name} />}
      </div>
    );

  if (platform === 'tiktok')
    return (
      <div className={classes.post} data-network={platform} data-layout="vertical">
        {media.length ? (
          <MediaGrid platform={platform} items={media} variables={variables} />
        ) : (
          <div className={classes.missing}>{t('networkPreview.needsMedia', { platform: 'TikTok' })}</div>
        )}
        <div className={classes.overlay}>
          <span className={classes.name}>{author.handle ?? author.name}</span>
          {body}
        </div>
      </div>
    );

  // Facebook and LinkedIn: the author over the text, and the images the full width of the card.
  return (
    <div className={classes.post} data-network={platform} data-layout="card">
      <div className={classes.header}>
        <Face author={author} size={40} />
        <div>
          <div className={classes.name}>{author.name}</div>
          <div className={classes.meta}>
            {t('networkPreview.justNow')} · <IconWorld size={12} aria-hidden />
          </div>
        </div>
      </div>
      {body}
      <MediaGrid platform={platform} items={media} variables={variables} />
      <LinkCard text={text} media={media} />
      <Actions platform={platform} />
    </div>
  );
}
