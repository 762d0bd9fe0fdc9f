import { Alert, Box, Button } from '@mantine/core';
import { IconBulb, IconMessageChatbot, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Insights } from '../../../../shared/api/ai.schemas';
import type { Platform } from '../../../../shared/platforms/rules';
import { notify } from '../../../lib/notify';
import { aiErrorText } from '../api/ai-error';
import { useGeneratePostInsights } from '../api/generate-post-insights';
import { type ChatState, ChatDialog } from './chat-dialog';
import { ContentDialog } from './content-dialog';
import { InsightsPanel } from './insights-panel';
import { escapeHtml, htmlText, plainTextToHtml } from './plain-text-html';

/**
 * The composer's AI actions (spec section 2): Generate AI Insights, Generate Content and Chat with AI.
 * Rendered inside the composer's toolbar: the buttons sit with the other tools, the insights on a line of
 * their own below them.
 */
export function ComposerAi({
  content,
  platforms,
  postId,
  insert,
  replace,
}: {
  /** The post's HTML. */
  content: string;
  platforms: Platform[];
  /** A saved post's id: its insights are stored with it. */
  postId?: string;
  /** Puts HTML in at the cursor. */
  insert: (html: string) => void;
  /** Puts HTML in place of the post's content. */
  replace: (html: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<'content' | 'chat' | null>(null);
  const [insights, setInsights] = useState<Insights | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [chat, setChat] = useState<ChatState>({ history: [], tone: null });
  const generate = useGeneratePostInsights();
  const close = () => setOpen(null);

  const fetchInsights = () => {
    setProblem(null);
    if (!htmlText(content)) return setProblem(t('ai.contentRequiredForInsights'));
    generate.mutate(
      { content, ...(platforms.length ? { platforms } : {}), ...(postId ? { postId } : {}) },
      {
        onSuccess: (result) => {
          setInsights(result);
          notify({ color: 'green', message: t('aiPanel.insightsGenerated') });
        },
        onError: (error) => {
          const message = aiErrorText(t, i18n, error, 'insights');
          setProblem(message);
          notify({ color: 'red', message });
        },
      },
    );
  };
  const insertText = (text: string) => {
    insert(plainTextToHtml(text));
    close();
  };

  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconBulb size={16} />}
        loading={generate.isPending}
        onClick={fetchInsights}
      >
        {t('aiPanel.generateInsights')}
      </Button>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconSparkles size={16} />}
        onClick={() => setOpen('content')}
      >
        {t('aiPanel.generateContent')}
      </Button>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconMessageChatbot size={16} />}
        onClick={() => setOpen('chat')}
      >
        {t('aiPanel.chat')}
      </Button>
      {(problem || insights) && (
        // A line of its own under the tools.
        <Box w="100%">
          {problem ? (
            <Alert
              color="red"
              role="alert"
              withCloseButton
              closeButtonLabel={t('common.close')}
              onClose={() => setProblem(null)}
            >
              {problem}
            </Alert>
          ) : (
            insights && (
              <InsightsPanel
                insights={insights}
                // A space before, so the tag does not stick to the last word.
                onHashtag={(tag) => insert(escapeHtml(` #${tag} `))}
                onClose={() => setInsights(null)}
              />
            )
          )}
        </Box>
      )}
      {open === 'content' && (
        <ContentDialog
          platforms={platforms}
          onInsert={insertText}
          onReplace={(text) => {
            replace(plainTextToHtml(text));
            close();
          }}
          onClose={close}
        />
      )}
      {open === 'chat' && <ChatDialog chat={chat} onChange={setChat} onInsert={insertText} onClose={close} />}
    </>
  );
}
