import { Alert, Button, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiTone } from '../../../../shared/api/ai.schemas';
import type { Platform } from '../../../../shared/platforms/rules';
import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { aiErrorText } from '../api/ai-error';
import { useGenerateContent } from '../api/generate-content';
import { ModelGate, NotConfigured } from './model-gate';
import { ToneSelect } from './tone-select';
import { usePhone } from './use-phone';

/** Generate Content: a prompt and a tone in, the model's text out, then into the post or in its place. */
export function ContentDialog({
  platforms,
  onInsert,
  onReplace,
  onClose,
}: {
  platforms: Platform[];
  onInsert: (text: string) => void;
  onReplace: (text: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const [prompt, setPrompt] = useState('');
  const [tone, setTone] = useState<AiTone | null>(null);
  const [promptError, setPromptError] = useState<string | null>(null);
  const generate = useGenerateContent();
  // The model went away since the status was read: say so as the status would have.
  const lostModel = generate.error instanceof ApiRequestError && generate.error.code === 'ai_not_configured';

  const submit = () => {
    if (!prompt.trim()) return setPromptError(t('ai.promptRequired'));
    setPromptError(null);
    generate.mutate(
      { prompt, tone, ...(platforms.length ? { platforms } : {}) },
      {
        onSuccess: () => notify({ color: 'green', message: t('aiPanel.contentGenerated') }),
        // Spec section 8: 'Failed: {detail}', the detail being the server's reason, else the fallback.
        onError: (error) =>
          notify({
            color: 'red',
            message: t('ai.failedDetail', { detail: aiErrorText(t, i18n, error, 'content') }),
          }),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('aiPanel.generateContent')}
      fullScreen={phone}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <ModelGate>
        {(tones) =>
          lostModel ? (
            <NotConfigured />
          ) : (
            <Stack>
              <Textarea
                label={t('aiPanel.prompt')}
                description={t('aiPanel.promptHint')}
                autosize
                minRows={3}
                maxRows={8}
                value={prompt}
                onChange={(e) => setPrompt(e.currentTarget.value)}
                error={promptError}
              />
              <ToneSelect value={tone} onChange={setTone} tones={tones} />
              {generate.isError && (
                <Alert color="red" role="alert">
                  {t('ai.errorDetail', { detail: aiErrorText(t, i18n, generate.error, 'content') })}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button
                  leftSection={<IconSparkles size={16} />}
                  loading={generate.isPending}
                  onClick={submit}
                >
                  {t('aiPanel.generate')}
                </Button>
              </Group>
              {generate.data !== undefined && !generate.isPending && (
                <Paper withBorder p="sm" role="region" aria-label={t('aiPanel.generatedText')}>
                  <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
                    {generate.data}
                  </Text>
                  <Group mt="sm" gap="xs">
                    <Button size="xs" onClick={() => onInsert(generate.data)}>
                      {t('aiPanel.insert')}
                    </Button>
                    <Button size="xs" variant="default" onClick={() => onReplace(generate.data)}>
                      {t('aiPanel.replace')}
                    </Button>
                  </Group>
                </Paper>
              )}
            </Stack>
          )
        }
      </ModelGate>
    </Modal>
  );
}
