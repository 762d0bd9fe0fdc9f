import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InsightTone } from '../../../../shared/api/ai.schemas';

/** Spec section 9: Positive green, Neutral info (blue), Negative red. */
const COLORS: Record<InsightTone, string> = { Positive: 'green', Neutral: 'blue', Negative: 'red' };

export function InsightToneBadge({ tone }: { tone: InsightTone }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[tone]} variant="light" data-tone={tone}>
      {t(`ai.insightTone.${tone}`)}
    </Badge>
  );
}
