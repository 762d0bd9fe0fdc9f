import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { remainingChars } from '../../../../shared/platforms/count';
import { htmlToText } from '../../../../shared/platforms/html-to-text';
import {
  type Platform,
  REMAINING_WARNING,
  type TwitterAccountType,
} from '../../../../shared/platforms/rules';
import { type PlatformProblem, validateForPlatform } from '../../../../shared/platforms/validate';
import { PLATFORM_NAMES } from '../../../components/platform-icon';

/** What each selected network would say about the draft, by its own rules. */
export function checkDraft(
  html: string,
  platforms: Platform[],
  media: { kind: string; mime: string }[],
  accountType: TwitterAccountType,
) {
  const text = htmlToText(html);
  // The single counter follows the network with the fewest characters left, and names it.
  const counts = platforms.map((platform) => ({
    platform,
    left: remainingChars(platform, text, accountType),
  }));
  const remaining = counts.length
    ? counts.reduce((tightest, count) => (count.left < tightest.left ? count : tightest))
    : null;
  const images = media
    .filter((m) => m.kind === 'image')
    .map((m) => ({ type: m.mime === 'image/jpeg' ? 'jpg' : m.mime.replace('image/', '') }));
  const videos = media.filter((m) => m.kind === 'video').length;
  const problems = platforms
    .flatMap((p) => validateForPlatform(p, { text, images, videos }, accountType))
    .filter((p) => p.code !== 'empty');
  return { text, remaining, problems };
}

/** The counter of the tightest selected network, and the problems that would stop publishing. */
export function ComposerChecks({
  remaining,
  problems,
}: {
  remaining: { platform: Platform; left: number } | null;
  problems: PlatformProblem[];
}) {
  const { t } = useTranslation();
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
            <List.Item key={i}>
              {t(`composer.problems.${p.code}`, { ...p, platform: PLATFORM_NAMES[p.platform] })}
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
}
