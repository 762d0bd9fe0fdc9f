import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/placeholder-page';

export function PostsPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('posts.title')} note={t('posts.comingSoon')} />;
}
