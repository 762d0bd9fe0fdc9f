import { List, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { remainingChars } from '../../../shared/platforms/count';
import { htmlToText } from '../../../shared/platforms/html-to-text';
import { videoFormatName } from '../../../shared/platforms/media-rules';
import { type Platform, REMAINING_WARNING, type TwitterAccountType } from '../../../shared/platforms/rules';
import { type PlatformProblem, validateForPlatform } from '../../../shared/platforms/validate';
import type { MediaItem } from '../../../shared/platforms/validate-media';
import { PLATFORM_NAMES } from '../../../shared/platforms/names';

/** What each selected network would say about the draft (HTML), by its own rules. */
export function checkDraft(
  html: string,
  platforms: Platform[],
  media: readonly MediaItem[],
  accountType: TwitterAccountType,
  /** The text as a network will receive it (short links, UTM parameters: issue 27). */
  asPublished?: (text: string, platform: Platform) => string,
) {
  return checkText(htmlToText(html), platforms, media, accountType, asPublished);
}

/** The same for plain text (an evergreen post's variant, issue 27). */
export function checkText(
  text: string,
  platforms: Platform[],
  media: readonly MediaItem[],
  accountType?: TwitterAccountType,
  asPublished: (text: string, platform: Platform) => string = (t) => t,
) {
  // The single counter follows the network with the fewest characters left, and names it.
  const counts = platforms.map((platform) => ({
    platform,
    left: remainingChars(platform, asPublished(text, platform), accountType),
  }));
  const remaining = counts.length
    ? counts.reduce((tightest, count) => (count.left < tightest.left ? count : tightest))
    : null;
  const problems = platforms
    .flatMap((p) => validateForPlatform(p, { text: asPublished(text, p), media }, accountType))
    .filter((p) => p.code !== 'empty');
  return { text, remaining, problems };
}

const unit = (locale: string, value: number, name: 'second' | 'minute' | 'megabyte') =>
  new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: name,
    unitDisplay: name === 'megabyte' ? 'short' : 'long',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);

/** A length as people say it: whole minutes in minutes, up to ten minutes in seconds, else minutes. */
export function formatSeconds(locale: string, seconds: number) {
  if (seconds >= 60 && Number.isInteger(seconds / 60)) return unit(locale, seconds / 60, 'minute');
  if (seconds < 600) return unit(locale, Math.round(seconds * 10) / 10, 'second');
  return unit(locale, Math.round(seconds / 6) / 10, 'minute');
}

const formatBytes = (locale: string, bytes: number) => unit(locale, bytes / 1_000_000, 'megabyte');

const ratio = (locale: string, width: number, height: number) => {
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return `${n.format(width)}:${n.format(height)}`;
};

/** One problem in the reader's language, its sizes, lengths and lists formatted for their locale. */
export function problemText(t: TFunction, locale: string, p: PlatformProblem): string {
  const platform = PLATFORM_NAMES[p.platform];
  const key = `composer.problems.${p.code}`;
  switch (p.code) {
    case 'image_aspect':
      return t(key, {
        platform,
        name: p.name,
        min: ratio(locale, p.min.width, p.min.height),
        max: ratio(locale, p.max.width, p.max.height),
        ratio: ratio(locale, p.ratio, 1),
      });
    case 'video_type': {
      const allowed = [...new Set(p.allowed.map(videoFormatName))];
      return t(key, {
        platform,
        name: p.name,
        type: videoFormatName(p.mime),
        allowed: new Intl.ListFormat(locale, { type: 'disjunction' }).format(allowed),
      });
    }
    case 'video_too_large':
      return t(p.inCarousel ? `${key}_carousel` : key, {
        platform,
        name: p.name,
        max: formatBytes(locale, p.max),
        size: formatBytes(locale, p.bytes),
      });
    case 'video_too_long':
    case 'video_too_short':
      return t(p.inCarousel && p.code === 'video_too_long' ? `${key}_carousel` : key, {
        platform,
        name: p.name,
        limit: formatSeconds(locale, p.limit),
        length: formatSeconds(locale, p.seconds),
      });
    default:
      return t(key, { ...p, platform });
  }
}

/** The counter of the tightest selected network, and the problems that would stop publishing. */
export function ComposerChecks({
  remaining,
  problems,
}: {
  remaining: { platform: Platform; left: number } | null;
  problems: PlatformProblem[];
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {remaining !== null && (
        <Text size="sm" c={remaining.left < REMAINING_WARNING ? 'red' : 'dimmed'} aria-live="polite">
          {t('networkPreview.counter', {
            platform: PLATFORM_NAMES[remaining.platform],
            remaining: t('composer.remaining', { count: remaining.left }),
          })}
        </Text>
      )}
      {problems.length > 0 && (
        <List size="sm" c="red" aria-label={t('composer.problemsTitle')}>
          {problems.map((p, i) => (
            <List.Item key={i}>{problemText(t, i18n.language, p)}</List.Item>
          ))}
        </List>
      )}
    </>
  );
}
