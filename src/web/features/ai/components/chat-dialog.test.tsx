// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AI_TONES, CHAT_HISTORY_MAX, type ChatMessage } from '../../../../shared/api/ai.schemas';
import { renderWithProviders } from '../../../testing/render';
import { ChatDialog, type ChatState } from './chat-dialog';

// jsdom has no FontFaceSet, which Mantine's autosizing Textarea listens to.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

type Answer = { status: number; json: unknown };
const json = ({ status, json }: Answer) => new Response(JSON.stringify(json), { status });

/** A fake API whose chat answers wait until the test lets them go; records what was sent. */
function chatApi(model = true) {
  const sent: { messages: ChatMessage[]; tone: string | null }[] = [];
  const pending: ((a: Answer) => void)[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (path === '/api/ai/status') return json({ status: 200, json: { model, tones: AI_TONES } });
    sent.push(JSON.parse(String(init?.body)));
    return new Promise<Response>((resolve) => pending.push((a) => resolve(json(a))));
  };
  return { fetch: fetch as typeof globalThis.fetch, sent, answer: (a: Answer) => pending.shift()!(a) };
}

function Harness({ start, onInsert = () => {} }: { start?: ChatState; onInsert?: (t: string) => void }) {
  const [chat, setChat] = useState<ChatState>(start ?? { history: [], tone: null });
  return <ChatDialog chat={chat} onChange={setChat} onInsert={onInsert} onClose={() => {}} />;
}

const say = (text: string) => {
  fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
};

describe('Chat with AI', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('ignores an empty message, thinks while sending, and sends the history each time', async () => {
    const api = chatApi();
    vi.stubGlobal('fetch', api.fetch);
    const onInsert = vi.fn();
    renderWithProviders(<Harness onInsert={onInsert} />);
    await screen.findByRole('textbox', { name: 'Message' });
    say('   ');
    expect(api.sent).toEqual([]);

    say('Write a launch post');
    expect(await screen.findByText('AI is thinking...')).toBeTruthy();
    expect(api.sent[0]).toEqual({
      messages: [{ role: 'user', parts: [{ text: 'Write a launch post' }] }],
      tone: null,
    });
    api.answer({ status: 200, json: { response: 'We launch today!' } });
    expect(await screen.findByText('We launch today!')).toBeTruthy();
    expect(screen.queryByText('AI is thinking...')).toBeNull();

    say('Shorter');
    await waitFor(() => expect(api.sent).toHaveLength(2));
    expect(api.sent[1]!.messages.map((m) => [m.role, m.parts[0]!.text])).toEqual([
      ['user', 'Write a launch post'],
      ['model', 'We launch today!'],
      ['user', 'Shorter'],
    ]);
    api.answer({ status: 200, json: { response: 'Launch!' } });
    await screen.findByText('Launch!');
    fireEvent.click(screen.getAllByRole('button', { name: 'Insert into post' })[1]!);
    expect(onInsert).toHaveBeenCalledWith('Launch!');
  });

  it('keeps only the newest messages, oldest dropped first', async () => {
    const api = chatApi();
    vi.stubGlobal('fetch', api.fetch);
    const history: ChatMessage[] = Array.from({ length: CHAT_HISTORY_MAX }, (_, i) => ({
      role: i % 2 ? 'model' : 'user',
      parts: [{ text: `m${i}` }],
    }));
    renderWithProviders(<Harness start={{ history, tone: 'Funny' }} />);
    await screen.findByRole('textbox', { name: 'Message' });
    say('next');
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]!.messages).toHaveLength(CHAT_HISTORY_MAX);
    expect(api.sent[0]!.messages[0]!.parts[0]!.text).toBe('m1');
    expect(api.sent[0]!.messages.at(-1)!.parts[0]!.text).toBe('next');
    expect(api.sent[0]!.tone).toBe('Funny');
  });

  it('shows a failure inline and as a notification, and gives the message back to send again', async () => {
    const api = chatApi();
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(<Harness />);
    await screen.findByRole('textbox', { name: 'Message' });
    say('Hello');
    await waitFor(() => expect(api.sent).toHaveLength(1));
    api.answer({
      status: 424,
      json: { statusCode: 424, code: 'ai_invalid_response', message: 'ai.invalid.chat' },
    });
    await waitFor(() =>
      expect(screen.getAllByText('Received invalid response format from AI chat.')).toHaveLength(2),
    );
    // Once inline in the dialog, once as the notification beside it.
    expect(within(screen.getByRole('dialog')).getByRole('alert').textContent).toBe(
      'Received invalid response format from AI chat.',
    );
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('Hello');

    // No code of ours and no message that is one of ours: 'Error communicating with AI'.
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.sent).toHaveLength(2));
    api.answer({ status: 502, json: '<html>Bad gateway</html>' });
    expect((await screen.findAllByText('Error communicating with AI')).length).toBeGreaterThan(0);
  });

  it('says clearly that no model is configured, and offers no message box', async () => {
    vi.stubGlobal('fetch', chatApi(false).fetch);
    renderWithProviders(<Harness />);
    expect(await screen.findByText(/No AI model is configured/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });
});
