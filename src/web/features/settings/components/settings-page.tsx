import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/placeholder-page';

export function SettingsPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('settings.title')} note={t('admin.comingSoon')} />;
}
