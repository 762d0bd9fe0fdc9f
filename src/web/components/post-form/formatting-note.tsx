import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DroppedFormatting } from '../../../shared/rich-text';
import { PLATFORMS } from '../../../shared/platforms/rules';
import { PLATFORM_NAMES } from '../../../shared/platforms/names';

/**
 * Said wherever a post uses formatting no network shows (bold, headings, alignment, fonts…): Postwell
 * keeps it, but each of the six networks receives plain text (decision 011, issue 26).
 */
export function FormattingNote({ kinds, ...props }: TextProps & { kinds: readonly DroppedFormatting[] }) {
  const { t, i18n } = useTranslation();
  if (!kinds.length) return null;
  const list = (items: string[]) => new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(items);
  return (
    <Text size="xs" c="dimmed" role="note" {...props}>
      {t('formatting.note', {
        kinds: list(kinds.map((kind) => t(`formatting.kinds.${kind}`))),
        networks: list(PLATFORMS.map((p) => PLATFORM_NAMES[p])),
      })}
    </Text>
  );
}
