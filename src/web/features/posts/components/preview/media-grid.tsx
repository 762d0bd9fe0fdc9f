import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Platform } from '../../../../../shared/platforms/rules';
import type { DraftMedia } from '../composer';
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

function Tile({ item, more }: { item: DraftMedia; more: number }) {
  const { t } = useTranslation();
  const src = item.thumbnailUrl ?? (item.kind === 'image' ? item.url : null);
  return (
    <div className={classes.tile}>
      {src ? (
        <img
          src={src}
          alt={item.kind === 'video' ? t('networkPreview.video', { name: item.name }) : item.alt || item.name}
        />
      ) : (
        <span
          className={classes.noThumb}
          role="img"
          aria-label={t('networkPreview.video', { name: item.name })}
        />
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
export function MediaGrid({ platform, items }: { platform: Platform; items: DraftMedia[] }) {
  const { t } = useTranslation();
  if (!items.length) return null;
  const tiles = items.slice(0, TILES[platform]);
  const more = items.length - tiles.length;
  const carousel = TILES[platform] === 1;
  return (
    <div className={classes.media} data-network={platform} data-count={tiles.length}>
      {tiles.map((item, i) => (
        <Tile key={item.id} item={item} more={!carousel && i === tiles.length - 1 ? more : 0} />
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
