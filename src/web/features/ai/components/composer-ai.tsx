import { Alert, Box, Button } from '@mantine/core';
import { IconBulb, IconMessageChatbot, IconSparkles } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Insights } from '../../../../shared/api/ai.schemas';
import type { Platform } from '../../../../shared/platforms/rules';
import { notify } from '../../../lib/notify';
import { aiErrorText } from '../api/ai-error';
import { useGeneratePostInsights } from '../api/generate-post-insights';
import { setPostInsights, usePostInsights } from '../api/get-post-insights';
import { type ChatState, ChatDialog } from './chat-dialog';
import { ContentDialog } from './content-dialog';
import { InsightsPanel } from './insights-panel';
import { escapeHtml, htmlText, plainTextToHtml } from './plain-text-html';

/**
 * The composer's AI actions (spec section 2): Generate AI Insights, Generate Content and Chat with AI.
 * Rendered inside the composer's toolbar: the buttons sit with the other tools, the insights on a line of
 * their own below them. A saved post opens with the insights last stored with it (spec section 3).
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
  /** A saved post's id: its insights are stored with it, and the last stored ones are shown. */
  postId?: string;
  /** Puts HTML in at the cursor. */
  insert: (html: string) => void;
  /** Puts HTML in place of the post's content. */
  replace: (html: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<'content' | 'chat' | null>(null);
  // Insights made while this post is open (and for which post); before any, the post's stored ones.
  const [made, setMade] = useState<{ postId?: string; insights: Insights } | null>(null);
  // The insights the user hid (by when they were made): new ones show again.
  const [hidden, setHidden] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [chat, setChat] = useState<ChatState>({ history: [], tone: null });
  // The composer stays mounted from one post to the next: what was made for the last one goes with it.
  const [shownPost, setShownPost] = useState(postId);
  if (shownPost !== postId) {
    setShownPost(postId);
    setMade(null);
    setProblem(null);
  }
  const client = useQueryClient();
  const stored = usePostInsights(postId);
  const generate = useGeneratePostInsights();
  const close = () => setOpen(null);
  const latest = (made && made.postId === postId ? made.insights : null) ?? stored.data ?? null;
  const insights = latest && latest.generatedAt !== hidden ? latest : null;

  const fetchInsights = () => {
    setProblem(null);
    if (!htmlText(content)) return setProblem(t('ai.contentRequiredForInsights'));
    generate.mutate(
      { content, ...(platforms.length ? { platforms } : {}), ...(postId ? { postId } : {}) },
      {
        onSuccess: (result) => {
          setMade({ postId, insights: result });
          if (postId) setPostInsights(client, postId, result);
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
                onClose={() => setHidden(insights.generatedAt)}
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
