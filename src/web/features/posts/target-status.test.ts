import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalendarTarget } from '../../../shared/api/posts.schemas';
import { postTarget } from '../../testing/posts';
import en from '../../i18n/en.json';
import { targetLabel, targetReason, targetState } from './target-status';

const target = postTarget;

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
  });
});

describe('a target on the calendar card', () => {
  const t = i18n.t.bind(i18n);

  it('names what stands in the way before its status', () => {
    const blocked = target({ blocked: 'not_connected' });
    expect(targetState(blocked)).toBe('blocked');
    expect(targetLabel(t, blocked, 'scheduled')).toBe('Connect Bluesky to publish');
    expect(targetLabel(t, target({ platform: 'twitter', blocked: 'needs_reconnect' }), 'scheduled')).toBe(
      'Reconnect X',
    );
  });

  it('says each status, with the time of the next try while retrying', () => {
    expect(targetLabel(t, target({}), 'scheduled')).toBe('Bluesky: pending');
    expect(targetLabel(t, target({ status: 'published' }), 'published')).toBe('Bluesky: published');
    expect(
      targetLabel(t, target({ status: 'retrying', nextAttemptAt: '2030-01-05T15:00:00Z' }), 'publishing'),
    ).toMatch(/^Bluesky: retrying at .*2030/);
  });

  it('is only the network for a draft', () => {
    expect(targetLabel(t, target({ platform: 'linkedin' }), 'draft')).toBe('LinkedIn');
  });

  it('words each failure code, quoting the network only where its words are all there is', () => {
    const known = target({ status: 'failed', lastErrorCode: 'timeout', lastError: 'Bluesky did not answer' });
    expect(targetReason(t, known)).toBe('Bluesky did not answer in time.');
    expect(targetLabel(t, known, 'failed')).toBe('Bluesky: failed: Bluesky did not answer in time.');
    const tiktok = target({
      platform: 'tiktok',
      status: 'failed',
      lastErrorCode: 'privacy_level_option_mismatch',
      lastError: 'this TikTok account cannot post as SELF_ONLY',
    });
    expect(targetReason(t, tiktok)).toBe('This TikTok account cannot post with the chosen privacy setting.');
    const refused = target({ status: 'failed', lastErrorCode: 'refused', lastError: 'Text too long.' });
    expect(targetReason(t, refused)).toBe('Bluesky refused the post: “Text too long.”');
    const unknown = target({ status: 'failed', lastErrorCode: 'from_a_newer_server', lastError: 'Nope.' });
    expect(targetReason(t, unknown)).toBe('Bluesky said: “Nope.”');
    expect(targetLabel(t, target({ status: 'failed' }), 'failed')).toBe('Bluesky: failed');
  });

  it("reads a calendar card's target, whose empty fields are left out, as it reads the full one", () => {
    const pending: CalendarTarget = { platform: 'bluesky', status: 'pending' };
    expect(targetState(pending)).toBe('pending');
    expect(targetLabel(t, pending, 'scheduled')).toBe('Bluesky: pending');
    expect(targetReason(t, pending)).toBeNull();
    const blocked: CalendarTarget = { platform: 'bluesky', status: 'pending', blocked: 'not_connected' };
    expect(targetState(blocked)).toBe('blocked');
    expect(targetLabel(t, blocked, 'scheduled')).toBe('Connect Bluesky to publish');
    const retrying: CalendarTarget = {
      platform: 'bluesky',
      status: 'retrying',
      nextAttemptAt: '2030-01-05T15:00:00Z',
      lastErrorCode: 'timeout',
      lastError: 'Bluesky did not answer',
    };
    expect(targetLabel(t, retrying, 'publishing')).toMatch(/^Bluesky: retrying at .*2030/);
    expect(targetReason(t, retrying)).toBe('Bluesky did not answer in time.');
    const failed: CalendarTarget = { platform: 'twitter', status: 'failed', lastError: 'Nope.' };
    expect(targetLabel(t, failed, 'failed')).toBe('X: failed: X said: “Nope.”');
  });
});
