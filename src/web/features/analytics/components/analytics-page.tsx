import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/placeholder-page';

export function AnalyticsPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('analytics.title')} note={t('analytics.comingSoon')} />;
}
