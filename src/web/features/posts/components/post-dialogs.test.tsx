// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '../../../lib/session';
import { fakeApi, renderWithProviders, testQueryClient } from '../../../testing/render';
import { profileIn } from '../../../testing/recurring';
import { RescheduleDialog } from './post-dialogs';
import { calendarCard, POST_ID } from '../../../testing/posts';

const ID = POST_ID;
const post = calendarCard;

function open() {
  const api = fakeApi({
    [`POST /api/posts/${ID}/reschedule`]: () => ({ status: 200, json: { id: ID } }),
  });
  vi.stubGlobal('fetch', api.fetch);
  const client = testQueryClient();
  // The calendar reads Paris time: 15:00 UTC is 16:00 there in January.
  client.setQueryData(profileQueryKey, profileIn('Europe/Paris'));
  const onClose = vi.fn();
  renderWithProviders(<RescheduleDialog post={post} onClose={onClose} />, { client });
  return { api, onClose };
}

describe('the Reschedule dialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the post's time on the calendar's clock, and sends a new one with that clock's zone", async () => {
    const { api, onClose } = open();
    const time = screen.getByLabelText<HTMLInputElement>('New time');
    expect(time.value).toBe('16:00');
    fireEvent.change(time, { target: { value: '09:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reschedule' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      date: '2030-01-05',
      time: '09:30',
      timezone: 'Europe/Paris',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps the post’s own time of day when the time is left as it was', async () => {
    const { api } = open();
    fireEvent.click(screen.getByRole('button', { name: 'Reschedule' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ date: '2030-01-05' });
  });
});
