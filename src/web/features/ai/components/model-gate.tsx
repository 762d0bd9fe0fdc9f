import { Alert, Loader } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiStatus } from '../api/get-ai-status';
import { aiErrorText } from '../api/ai-error';

/**
 * Generate Content and Chat need a model: without one they say so, and how to configure one, instead of
 * offering a form that could only fail. The children get the tones the server offers.
 */
export function ModelGate({
  children,
}: {
  children: (tones: NonNullable<ReturnType<typeof useAiStatus>['data']>['tones']) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const status = useAiStatus();
  if (status.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (status.isError)
    return (
      <Alert color="red" role="alert">
        {aiErrorText(t, i18n, status.error, 'content', 'errors.generic')}
      </Alert>
    );
  if (!status.data.model) return <NotConfigured />;
  return <>{children(status.data.tones)}</>;
}

export function NotConfigured() {
  const { t } = useTranslation();
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconPlugConnectedX size={18} />}
      title={t('aiPanel.noModelTitle')}
      data-testid="ai-not-configured"
    >
      {t('ai.notConfigured')}
    </Alert>
  );
}
