// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '../../../testing/render';
import { ConnectBlueskyDialog } from './connect-bluesky-dialog';

const refused = (code: string, message: string) => () => ({
  status: 400,
  json: { statusCode: 400, code, message, params: { platform: 'Bluesky' } },
});

function open(answer: Parameters<typeof fakeApi>[0][string]) {
  const api = fakeApi({
    'POST /api/social/bluesky/connect': answer,
    'GET /api/users/profile': () => ({ status: 200, json: null }),
  });
  vi.stubGlobal('fetch', api.fetch);
  const onClose = vi.fn();
  renderWithProviders(<ConnectBlueskyDialog onClose={onClose} />);
  const fill = (handle: string, password: string) => {
    fireEvent.change(screen.getByLabelText('Handle'), { target: { value: handle } });
    fireEvent.change(screen.getByLabelText('App Password'), { target: { value: password } });
  };
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
  return { api, onClose, fill, submit };
}

describe('Connect Bluesky Account', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('tells the user to use an app password, and needs both fields', async () => {
    const { api, submit } = open(() => ({ status: 200, json: { username: 'grace.bsky.social' } }));
    expect(screen.getByRole('dialog').textContent).toContain(
      'Settings → Privacy and security → App passwords',
    );
    submit();
    expect(await screen.findByText('Handle is required')).toBeTruthy();
    expect(screen.getByText('App Password is required')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends the handle without its @ and closes once connected', async () => {
    const { api, fill, submit, onClose } = open(() => ({
      status: 200,
      json: { username: 'grace.bsky.social' },
    }));
    fill('@grace.bsky.social', 'abcd-efgh-ijkl-mnop');
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      handle: 'grace.bsky.social',
      appPassword: 'abcd-efgh-ijkl-mnop',
    });
    expect(await screen.findByText('Bluesky connected.')).toBeTruthy();
  });

  it('shows a known refusal in the reader’s words, inside the dialog', async () => {
    const { fill, submit, onClose } = open(
      refused('MAIN_PASSWORD', 'Use an app password, not your main password.'),
    );
    fill('grace.bsky.social', 'hunter2hunter2');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Use an app password, not your main password.',
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows any other refusal in the server's words, else the generic failure", async () => {
    const first = open(refused('ACCOUNT_TAKENDOWN', 'This account has been taken down.'));
    first.fill('grace.bsky.social', 'abcd-efgh-ijkl-mnop');
    first.submit();
    expect((await screen.findByRole('alert')).textContent).toBe('This account has been taken down.');
    cleanup();

    const second = open(() => ({ status: 500, json: { statusCode: 500, code: 'HTTP_ERROR', message: '' } }));
    second.fill('grace.bsky.social', 'abcd-efgh-ijkl-mnop');
    second.submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to connect Bluesky.');
  });

  it("puts the server's field problems at the fields", async () => {
    const { fill, submit } = open(() => ({
      status: 400,
      json: {
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: 'errors.validation',
        fields: { handle: 'connections.handleInvalid' },
      },
    }));
    fill('x'.repeat(20), 'abcd-efgh-ijkl-mnop');
    submit();
    expect(await screen.findByText('Enter a valid handle, like you.bsky.social.')).toBeTruthy();
  });
});
