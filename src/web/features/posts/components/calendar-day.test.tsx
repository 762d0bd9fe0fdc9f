// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalendarPost } from '../../../../shared/api/posts.schemas';
import type { FreeSlot } from '../../../../shared/api/queue.schemas';
import { renderWithProviders } from '../../../testing/render';
import { CalendarDay } from './calendar-day';

const post = (id: string, at: string, text: string): CalendarPost => ({
  id,
  status: 'scheduled',
  scheduledAt: at,
  card: text,
  targets: [{ platform: 'twitter', status: 'pending' }],
  queue: 'queued',
});
const brand = { id: '0b8f1c1e-4a8d-4c55-9f3e-2a7d6b1c9e01', platform: 'twitter' as const, username: 'brand' };
const slot = (at: string): FreeSlot => ({ at, accounts: [brand] });

describe("a day of the week's list", () => {
  afterEach(cleanup);

  it('shows the queues’ free slots among the cards in time order, each starting a post for its accounts', () => {
    const onAddPost = vi.fn();
    renderWithProviders(
      <CalendarDay
        day={dayjs('2030-01-07')}
        inMonth
        posts={[
          post('6f1c2b9e-8a3d-4c1e-9b7a-2d5e8f0a1b21', '2030-01-07T09:00:00.000Z', 'Morning'),
          post('6f1c2b9e-8a3d-4c1e-9b7a-2d5e8f0a1b22', '2030-01-07T17:00:00.000Z', 'Evening'),
        ]}
        freeSlots={[slot('2030-01-07T12:30:00.000Z'), slot('2030-01-07T08:00:00.000Z')]}
        layout="list"
        draggable={false}
        onAddPost={onAddPost}
        actions={{ onDetails: () => {} }}
        zone="UTC"
      />,
    );
    const order = [...document.querySelectorAll('[role="article"], [data-free-slot]')].map((el) =>
      el.hasAttribute('data-free-slot')
        ? `slot ${el.getAttribute('data-free-slot')!.slice(11, 16)}`
        : el.textContent,
    );
    expect(order.map((item) => item!.replace(/^.*(Morning|Evening).*$/, '$1'))).toEqual([
      'slot 08:00',
      'Morning',
      'slot 12:30',
      'Evening',
    ]);
    const free = screen.getByRole('button', {
      name: /^Free queue slot at 12:30\sPM for brand on X: write a post for it$/,
    });
    expect(free.textContent).toMatch(/^12:30\sPM · free slot for brand$/);
    fireEvent.click(free);
    expect(onAddPost).toHaveBeenCalledWith(new Date('2030-01-07T12:30:00.000Z'), [brand]);
  });

  it('offers no free slot to a member who may not write', () => {
    renderWithProviders(
      <CalendarDay
        day={dayjs('2030-01-07')}
        inMonth
        posts={[]}
        freeSlots={[slot('2030-01-07T12:30:00.000Z')]}
        layout="list"
        draggable={false}
        actions={{ onDetails: () => {} }}
        zone="UTC"
      />,
    );
    expect(document.querySelector('[data-free-slot]')).toBeNull();
  });
});
