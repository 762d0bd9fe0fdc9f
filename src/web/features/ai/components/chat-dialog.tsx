import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AiTone, CHAT_HISTORY_MAX, type ChatMessage } from '../../../../shared/api/ai.schemas';
import { notify } from '../../../lib/notify';
import { aiErrorText } from '../api/ai-error';
import { useChatWithAI } from '../api/chat-with-ai';
import { ModelGate } from './model-gate';
import { ToneSelect } from './tone-select';
import { usePhone } from './use-phone';

/** The conversation the composer keeps while the page is open (spec's chatHistory and selectedTone). */
export interface ChatState {
  history: ChatMessage[];
  tone: AiTone | null;
}

/** The newest messages only, oldest dropped first, as the server keeps them too. */
export const trimHistory = (history: ChatMessage[]) => history.slice(-CHAT_HISTORY_MAX);

const textOf = (message: ChatMessage) => message.parts.map((p) => p.text).join('\n');

/** Chat with AI: the history is sent each time; a reply can go into the post. */
export function ChatDialog({
  chat,
  onChange,
  onInsert,
  onClose,
}: {
  chat: ChatState;
  onChange: Dispatch<SetStateAction<ChatState>>;
  onInsert: (text: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const [input, setInput] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const send = useChatWithAI();
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [chat.history.length, send.isPending]);

  const submit = () => {
    const text = input.trim();
    // Spec section 8: an empty trimmed message is ignored, and so is a second one while the first is out.
    if (!text || send.isPending) return;
    const history = trimHistory([...chat.history, { role: 'user', parts: [{ text }] }]);
    onChange((c) => ({ ...c, history }));
    setInput('');
    setFailure(null);
    send.mutate(
      { messages: history, tone: chat.tone },
      {
        onSuccess: (reply) =>
          onChange((c) => ({
            ...c,
            history: trimHistory([...c.history, { role: 'model', parts: [{ text: reply }] }]),
          })),
        onError: (error) => {
          const message = aiErrorText(t, i18n, error, 'chat', 'ai.chatError');
          setFailure(message);
          notify({ color: 'red', message });
          // The unanswered message goes back into the box, to send again, rather than stay in the history.
          onChange((c) => ({ ...c, history: c.history.slice(0, -1) }));
          setInput(text);
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('aiPanel.chat')}
      fullScreen={phone}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <ModelGate>
        {(tones) => (
          <Stack>
            <ScrollArea.Autosize mah={phone ? '55vh' : 380} type="auto">
              <Stack gap="xs" role="log" aria-label={t('aiPanel.conversation')} aria-live="polite">
                {chat.history.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {t('aiPanel.chatEmpty')}
                  </Text>
                )}
                {chat.history.map((message, i) => (
                  <Paper
                    key={i}
                    withBorder
                    p="xs"
                    bg={message.role === 'user' ? 'var(--mantine-primary-color-light)' : undefined}
                    ms={message.role === 'user' ? 'xl' : 0}
                    me={message.role === 'model' ? 'xl' : 0}
                    data-role={message.role}
                  >
                    <Text size="xs" fw={700}>
                      {t(message.role === 'user' ? 'aiPanel.you' : 'aiPanel.assistant')}
                    </Text>
                    {/* Each message reads in its own direction, whatever the page's (an English reply in Arabic UI). */}
                    <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {textOf(message)}
                    </Text>
                    {message.role === 'model' && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        mt={4}
                        onClick={() => onInsert(textOf(message))}
                      >
                        {t('aiPanel.insert')}
                      </Button>
                    )}
                  </Paper>
                ))}
                {send.isPending && (
                  <Group gap="xs" role="status">
                    <Loader size="xs" />
                    <Text size="sm">{t('aiPanel.thinking')}</Text>
                  </Group>
                )}
                <Box ref={end} />
              </Stack>
            </ScrollArea.Autosize>
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <ToneSelect
              value={chat.tone}
              onChange={(tone) => onChange((c) => ({ ...c, tone }))}
              tones={tones}
            />
            <Textarea
              label={t('aiPanel.message')}
              placeholder={t('aiPanel.messagePlaceholder')}
              autosize
              minRows={2}
              maxRows={6}
              value={input}
              onChange={(e) => setInput(e.currentTarget.value)}
              onKeyDown={(e) => {
                // Enter sends, Shift+Enter starts a new line.
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  submit();
                }
              }}
            />
            <Group justify="flex-end">
              <Button leftSection={<IconSend size={16} />} loading={send.isPending} onClick={submit}>
                {t('aiPanel.send')}
              </Button>
            </Group>
          </Stack>
        )}
      </ModelGate>
    </Modal>
  );
}
