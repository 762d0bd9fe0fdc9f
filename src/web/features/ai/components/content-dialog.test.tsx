// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AI_TONES } from '../../../../shared/api/ai.schemas';
import { fakeApi, renderWithProviders } from '../../../testing/render';
import { ContentDialog } from './content-dialog';

// jsdom has no FontFaceSet, which Mantine's autosizing Textarea listens to.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const status = (model: boolean) => () => ({ status: 200, json: { model, tones: AI_TONES } });

describe('Generate Content', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for a prompt, then shows the text to insert or to replace the post with', async () => {
    const api = fakeApi({
      'GET /api/ai/status': status(true),
      'POST /api/ai/generateContent': () => ({
        status: 200,
        json: { response: 'Big news: we <3 launches.' },
      }),
    });
    vi.stubGlobal('fetch', api.fetch);
    const onInsert = vi.fn();
    const onReplace = vi.fn();
    renderWithProviders(
      <ContentDialog platforms={['linkedin']} onInsert={onInsert} onReplace={onReplace} onClose={() => {}} />,
    );
    const prompt = await screen.findByRole('textbox', { name: /Prompt/ });
    // No tone until one is chosen (spec section 9).
    expect((screen.getByPlaceholderText('No tone') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Prompt required.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(prompt, { target: { value: 'Announce our launch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Big news: we <3 launches.')).toBeTruthy();
    expect(await screen.findByText('Content generated!')).toBeTruthy();
    expect(api.calls.at(-1)!.body).toEqual({
      prompt: 'Announce our launch',
      tone: null,
      platforms: ['linkedin'],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Insert into post' }));
    expect(onInsert).toHaveBeenCalledWith('Big news: we <3 launches.');
    fireEvent.click(screen.getByRole('button', { name: 'Replace post text' }));
    expect(onReplace).toHaveBeenCalledWith('Big news: we <3 launches.');
  });

  it('without a model, explains how to configure one and offers no form', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'GET /api/ai/status': status(false) }).fetch);
    renderWithProviders(
      <ContentDialog platforms={[]} onInsert={() => {}} onReplace={() => {}} onClose={() => {}} />,
    );
    expect(await screen.findByText(/AI_BASE_URL, AI_MODEL and AI_API_KEY/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
  });

  it("says 'Failed: {detail}' in a notification and 'Error: {detail}' inline (spec section 8)", async () => {
    let answer: { status: number; json: object } = {
      status: 424,
      json: { statusCode: 424, code: 'ai_failed', message: 'ai.failed.content' },
    };
    vi.stubGlobal(
      'fetch',
      fakeApi({ 'GET /api/ai/status': status(true), 'POST /api/ai/generateContent': () => answer }).fetch,
    );
    renderWithProviders(
      <ContentDialog platforms={[]} onInsert={() => {}} onReplace={() => {}} onClose={() => {}} />,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: /Prompt/ }), { target: { value: 'Hi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Failed: Failed to generate content.')).toBeTruthy();
    const inline = () => screen.getAllByRole('alert').find((e) => e.classList.contains('mantine-Alert-root'));
    expect(inline()!.textContent).toBe('Error: Failed to generate content.');

    answer = {
      status: 424,
      json: { statusCode: 424, code: 'ai_invalid_response', message: 'ai.invalid.content' },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const shape = 'Received invalid response format from AI content generation.';
    expect(await screen.findByText(`Failed: ${shape}`)).toBeTruthy();
    expect(inline()!.textContent).toBe(`Error: ${shape}`);

    answer = {
      status: 429,
      json: { statusCode: 429, code: 'rate_limited', message: 'errors.rateLimited', retryAfterSeconds: 42 },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Failed: Too many AI requests. Try again in 42 s.')).toBeTruthy();
    expect(inline()!.textContent).toBe('Error: Too many AI requests. Try again in 42 s.');
  });

  it('says so when the model went away after the status was read', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'GET /api/ai/status': status(true),
        'POST /api/ai/generateContent': () => ({
          status: 424,
          json: { statusCode: 424, code: 'ai_not_configured', message: 'ai.notConfigured' },
        }),
      }).fetch,
    );
    renderWithProviders(
      <ContentDialog platforms={[]} onInsert={() => {}} onReplace={() => {}} onClose={() => {}} />,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: /Prompt/ }), { target: { value: 'Hi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect((await screen.findAllByText(/No AI model is configured/)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
  });
});
