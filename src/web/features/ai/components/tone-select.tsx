import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AI_TONES, type AiTone } from '../../../../shared/api/ai.schemas';

/** The writing tone for Generate Content and Chat: none by default (spec section 9), clearable. */
export function ToneSelect({
  value,
  onChange,
  tones = AI_TONES,
}: {
  value: AiTone | null;
  onChange: (tone: AiTone | null) => void;
  /** The tones the server offers (availableTones); the spec's seven until it has answered. */
  tones?: readonly AiTone[];
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('aiPanel.tone')}
      placeholder={t('aiPanel.noTone')}
      data={tones.map((tone) => ({ value: tone, label: t(`ai.tones.${tone}`) }))}
      value={value}
      onChange={(tone) => onChange(tone as AiTone | null)}
      clearable
      clearButtonProps={{ 'aria-label': t('aiPanel.clearTone') }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
