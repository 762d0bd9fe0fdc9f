import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PLATFORMS } from '../../../shared/platforms/rules';
import { PLATFORM_NAMES } from '../../../shared/platforms/names';

/**
 * Said wherever a post uses a font or a font size: Postwell keeps them, but none of the six networks
 * shows them, since each receives plain text (decision 011).
 */
export function FontsNote(props: TextProps) {
  const { t, i18n } = useTranslation();
  const networks = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    PLATFORMS.map((p) => PLATFORM_NAMES[p]),
  );
  return (
    <Text size="xs" c="dimmed" role="note" {...props}>
      {t('fonts.note', { networks })}
    </Text>
  );
}
