import { Button } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import type { Platform } from '../../../../shared/platforms/rules';
import { notify } from '../../../lib/notify';
import { aiErrorText } from '../api/ai-error';
import { useAdaptForNetwork } from '../api/adapt-for-network';
import { useAiStatus } from '../api/get-ai-status';
import { htmlText, plainTextToHtml } from './plain-text-html';

/**
 * "Adapt for {network}" in a network's version (issue 26): the model rewrites the text for that network,
 * and the answer becomes the version, for the user to read and edit before it goes out. Shown only when
 * a model is configured.
 */
export function AdaptButton({
  platform,
  content,
  onAdapted,
}: {
  platform: Platform;
  /** The text shown for the network: its version, or the text for all networks. */
  content: string;
  onAdapted: (html: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const status = useAiStatus();
  const adapt = useAdaptForNetwork();
  if (!status.data?.model) return null;
  const network = PLATFORM_NAMES[platform];
  return (
    <Button
      size="compact-sm"
      variant="light"
      color="violet"
      leftSection={<IconSparkles size={14} />}
      loading={adapt.isPending}
      disabled={!htmlText(content)}
      onClick={() =>
        adapt.mutateAsync({ content, platform }).then(
          (text) => {
            onAdapted(plainTextToHtml(text));
            notify({ color: 'violet', message: t('versions.adapted', { network }) });
          },
          (error: unknown) => notify({ color: 'red', message: aiErrorText(t, i18n, error, 'content') }),
        )
      }
    >
      {t('versions.adapt', { network })}
    </Button>
  );
}
