import { Image } from '@mantine/core';
import { IconMovie } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { Media } from '../../../../shared/api/media.schemas';
import { formatBytes } from '../../../lib/format-bytes';
import classes from './media-library.module.css';

/** "PNG · 12 KB · 800 × 600", and a video's length: what the library and the picker say of a file. */
export function mediaFacts(t: TFunction, media: Media): string {
  const type = media.mime.split('/')[1]?.toUpperCase() ?? media.mime;
  const facts = [type, formatBytes(media.bytes)];
  if (media.width && media.height)
    facts.push(t('library.dimensions', { width: media.width, height: media.height }));
  if (media.durationSeconds !== null) facts.push(clock(media.durationSeconds));
  return facts.join(' · ');
}

/** A length as a clock: 0:04, 12:30, 1:02:03. */
export function clock(seconds: number): string {
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A file's picture: an image's thumbnail, or a video's first frame under a film mark. */
export function MediaThumb({ media, height }: { media: Media; height: number }) {
  if (media.kind === 'image')
    return (
      <Image
        src={media.thumbnailUrl ?? media.url}
        alt={media.name}
        h={height}
        fit="cover"
        loading="lazy"
        className={classes.thumb}
      />
    );
  return (
    <div className={classes.video} style={{ height }}>
      {/* Muted and without controls: a still of the user's own upload, not something to watch here. */}
      <video
        src={`${media.url}#t=0.1`}
        preload="metadata"
        muted
        aria-label={media.name}
        className={classes.thumb}
      />
      <IconMovie size={18} className={classes.film} aria-hidden />
    </div>
  );
}
