import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function AboutPage() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="md">
        {t('about.title')}
      </Title>
      <Text size="lg">{t('about.description')}</Text>
    </Container>
  );
}
