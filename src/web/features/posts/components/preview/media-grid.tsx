import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Variables } from '../../../../../shared/api/variables.schemas';
import type { Platform } from '../../../../../shared/platforms/rules';
import { layoutVideo, needsRender } from '../../../../../shared/video/layout';
import type { DraftMedia } from '../../../../components/post-form/draft-media';
import { EditedVideoFrame, FILL_FRAME } from '../../../../components/post-form/edited-video-frame';
import classes from './network-post.module.css';

/**
 * How many tiles each feed shows before "+N": X and Bluesky a grid of up to 4, LinkedIn a large first
 * image over three, Facebook two over three, Instagram and TikTok one at a time (a carousel).
 */
const TILES: Record<Platform, number> = {
  twitter: 4,
  bluesky: 4,
  linkedin: 4,
  facebook: 5,
  instagram: 1,
  tiktok: 1,
};

/** The layout of a video that will be published edited (trimmed, reframed, captioned); else null. */
function editedLayout(item: DraftMedia, variables: Variables) {
  if (item.kind !== 'video' || !item.width || !item.height || item.durationSeconds === null) return null;
  const source = { width: item.width, height: item.height, durationSeconds: item.durationSeconds };
  if (!item.edits || !needsRender(source, item.edits)) return null;
  return layoutVideo(source, item.edits, variables);
}

function Tile({ item, more, variables }: { item: DraftMedia; more: number; variables: Variables }) {
  const { t } = useTranslation();
  const layout = editedLayout(item, variables);
  const src = item.thumbnailUrl ?? (item.kind === 'image' ? item.url : null);
  const picture = src ? (
    <img
      src={src}
      alt={item.kind === 'video' ? t('networkPreview.video', { name: item.name }) : item.alt || item.name}
      style={layout ? FILL_FRAME : undefined}
    />
  ) : (
    <span
      className={classes.noThumb}
      role="img"
      aria-label={t('networkPreview.video', { name: item.name })}
    />
  );
  return (
    <div className={classes.tile}>
      {layout ? (
        <EditedVideoFrame layout={layout} fill>
          {picture}
        </EditedVideoFrame>
      ) : (
        picture
      )}
      {item.kind === 'video' && (
        <span className={classes.play} aria-hidden>
          <IconPlayerPlayFilled size={22} />
        </span>
      )}
      {more > 0 && (
        <span
          className={classes.moreTiles}
          role="img"
          aria-label={t('networkPreview.moreImages', { count: more })}
        >
          +{more}
        </span>
      )}
    </div>
  );
}

/** The post's images and videos laid out as the network's feed lays them out. */
export function MediaGrid({
  platform,
  items,
  variables,
}: {
  platform: Platform;
  items: DraftMedia[];
  variables: Variables;
}) {
  const { t } = useTranslation();
  if (!items.length) return null;
  const tiles = items.slice(0, TILES[platform]);
  const more = items.length - tiles.length;
  const carousel = TILES[platform] === 1;
  return (
    <div className={classes.media} data-network={platform} data-count={tiles.length}>
      {tiles.map((item, i) => (
        <Tile
          key={item.id}
          item={item}
          more={!carousel && i === tiles.length - 1 ? more : 0}
          variables={variables}
        />
      ))}
      {carousel && more > 0 && (
        <>
          <span
            className={classes.counter}
            role="img"
            aria-label={t('networkPreview.moreImages', { count: more })}
          >
            1/{items.length}
          </span>
          <span className={classes.dots} aria-hidden>
            {items.map((item, i) => (
              <span key={item.id} data-active={i === 0 || undefined} />
            ))}
          </span>
        </>
      )}
    </div>
  );
}
