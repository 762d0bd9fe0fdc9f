import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { LinkSettings, LinkSettingsWrite, ShortLink } from '../../shared/api/links.schemas';
import { cardHtml } from '../../shared/card-html';
import {
  findLinks,
  isBot,
  type LinkPreset,
  replaceLinks,
  SHORT_CODE_LENGTH,
  SHORT_CODE_PATTERN,
  SHORT_PATH,
  withUtm,
} from '../../shared/links';
import type { Platform } from '../../shared/platforms/rules';
import type { SessionUser } from '../auth/session';
import { notFound } from '../http/errors';
import type { WorkspaceId } from '../workspaces/workspaces.repo';
import { type ClickCounts, CodeTaken, type LinksRepo, type ShortLinkListRow } from './links.repo';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const drawCode = () =>
  Array.from({ length: SHORT_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** How long a process trusts what it read of a code or a workspace's preset. */
const CACHE_MS = 30_000;
const CODES_CACHED = 20_000;
/** Clicks are written at most this often, all of them in one statement. */
const FLUSH_MS = 1000;
/** Unknown codes asked by one address in a minute before it is refused (enumeration). */
const MISSES_PER_MINUTE = 30;

export const DEFAULT_PRESET: LinkPreset = {
  shorten: false,
  utm: false,
  utmMedium: 'social',
  utmCampaign: '',
};

export interface LinksServiceDeps {
  repo: LinksRepo;
  /** Where short links live: SHORT_LINK_BASE_URL, else PUBLIC_URL (no trailing slash). */
  base: string;
  clock: () => Date;
  logger: FastifyBaseLogger;
}

/** Where a redirect goes: a link, `missing` (404), or `refused` (too many unknown codes from there). */
export type Redirect = { kind: 'found'; url: string } | { kind: 'missing' } | { kind: 'refused' };

/**
 * Short links and UTM parameters (issue 27). When a post goes out, its addresses are rewritten for the
 * network (`rewrite`): UTM parameters from the workspace's preset and, when it shortens, a link of its own
 * per post, network and address. `/l/<code>` answers from memory where it can and counts the click without
 * waiting for the database: counts are added up in memory and written once a second, people apart from
 * crawlers and bots.
 */
export function createLinksService({ repo, base, clock, logger }: LinksServiceDeps) {
  const presets = new Map<string, { preset: LinkPreset; at: number }>();
  const codes = new Map<
    string,
    { link: { id: string; url: string; disabled: boolean } | null; at: number }
  >();
  const misses = new Map<string, { count: number; since: number }>();
  let counts: ClickCounts = new Map();
  let flusher: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  const presetOf = async (workspaceId: string) => {
    const now = clock().getTime();
    const kept = presets.get(workspaceId);
    if (kept && now - kept.at < CACHE_MS) return kept.preset;
    const row = await repo.settings(workspaceId);
    const preset = row
      ? { shorten: row.shorten, utm: row.utm, utmMedium: row.utmMedium, utmCampaign: row.utmCampaign }
      : DEFAULT_PRESET;
    presets.set(workspaceId, { preset, at: now });
    return preset;
  };

  const flush = async () => {
    if (!counts.size) return;
    const batch = counts;
    counts = new Map();
    try {
      await repo.addClicks(batch);
    } catch (error) {
      logger.warn({ err: error }, 'clicks could not be written; kept for the next write');
      for (const [key, c] of batch) {
        const now = counts.get(key);
        if (now) {
          now.clicks += c.clicks;
          now.bots += c.bots;
        } else counts.set(key, c);
      }
    }
  };
  const count = (linkId: string, bot: boolean) => {
    const day = clock().toISOString().slice(0, 10);
    const key = `${linkId} ${day}`;
    let c = counts.get(key);
    if (!c) counts.set(key, (c = { linkId, day, clicks: 0, bots: 0 }));
    if (bot) c.bots += 1;
    else c.clicks += 1;
    flusher ??= setTimeout(() => {
      flusher = undefined;
      flushing = flush();
    }, FLUSH_MS);
  };

  const toLink = (row: ShortLinkListRow): ShortLink => ({
    id: row.id,
    shortUrl: `${base}${SHORT_PATH}${row.code}`,
    url: row.url,
    original: row.original,
    postId: row.postId,
    post: cardHtml(row.postText, 80),
    platform: row.platform as Platform,
    disabled: row.disabled,
    clicks: row.clicks,
    bots: row.bots,
    createdAt: row.createdAt.toISOString(),
  });

  return {
    async settings(actor: SessionUser): Promise<LinkSettings> {
      return { ...(await presetOf(actor.workspace.id)), base: `${base}${SHORT_PATH}` };
    },
    async saveSettings(actor: SessionUser, input: LinkSettingsWrite): Promise<LinkSettings> {
      const row = await repo.saveSettings({ workspaceId: actor.workspace.id, ...input });
      const preset = {
        shorten: row.shorten,
        utm: row.utm,
        utmMedium: row.utmMedium,
        utmCampaign: row.utmCampaign,
      };
      presets.set(actor.workspace.id, { preset, at: clock().getTime() });
      return { ...preset, base: `${base}${SHORT_PATH}` };
    },
    /**
     * The text a network receives for a post: its addresses with the workspace's UTM parameters and, when
     * it shortens, replaced by the post's short links (the same ones on every try).
     */
    async rewrite(target: { workspaceId: string; postId: string; platform: string }, text: string) {
      const preset = await presetOf(target.workspaceId);
      if (!preset.shorten && !preset.utm) return text;
      const platform = target.platform as Platform;
      const short = new Map<string, string>();
      if (preset.shorten)
        for (const original of new Set(findLinks(text).map((l) => l.url))) {
          const url = preset.utm ? withUtm(original, platform, preset) : original;
          for (let tries = 0; ; tries++) {
            try {
              const link = await repo.linkFor({
                code: drawCode(),
                workspaceId: target.workspaceId,
                postId: target.postId,
                platform,
                original,
                url,
              });
              short.set(original, `${base}${SHORT_PATH}${link.code}`);
              break;
            } catch (error) {
              if (!(error instanceof CodeTaken) || tries > 3) throw error;
            }
          }
        }
      return replaceLinks(
        text,
        (url) => short.get(url) ?? (preset.utm ? withUtm(url, platform, preset) : url),
      );
    },
    /** Where `/l/<code>` sends the caller, counting the click (the caller's address bounds unknown codes). */
    async redirect(code: string, userAgent: string | undefined, address: string): Promise<Redirect> {
      const now = clock().getTime();
      const missed = misses.get(address);
      if (missed && now - missed.since < 60_000 && missed.count >= MISSES_PER_MINUTE)
        return { kind: 'refused' };
      let kept = codes.get(code);
      if (!kept || now - kept.at >= CACHE_MS) {
        const link = SHORT_CODE_PATTERN.test(code) ? ((await repo.byCode(code)) ?? null) : null;
        if (codes.size >= CODES_CACHED) codes.clear();
        codes.set(code, (kept = { link, at: now }));
      }
      if (!kept.link || kept.link.disabled) {
        if (!missed || now - missed.since >= 60_000) {
          if (misses.size >= CODES_CACHED) misses.clear();
          misses.set(address, { count: 1, since: now });
        } else missed.count += 1;
        return { kind: 'missing' };
      }
      count(kept.link.id, isBot(userAgent));
      return { kind: 'found', url: kept.link.url };
    },
    async list(actor: SessionUser, query: { postId?: string; limit: number; offset: number }) {
      const { rows, total } = await repo.list(actor.workspace.id, query);
      return { data: rows.map(toLink), total };
    },
    async setDisabled(actor: SessionUser, id: string, disabled: boolean) {
      const row = await repo.setDisabled(actor.workspace.id, id, disabled);
      if (!row) throw notFound('This link');
      // This process forgets the code at once; the others within CACHE_MS.
      codes.delete(row.code);
      const { rows } = await repo.list(actor.workspace.id, { id, limit: 1, offset: 0 });
      return toLink(rows[0]!);
    },
    /** Clicks per post and network, for analytics. */
    clicksByPost: (workspaceId: WorkspaceId, postIds: string[]) => repo.clicksByPost(workspaceId, postIds),
    /** Writes the clicks counted so far (at shutdown, and in tests). */
    async flush() {
      clearTimeout(flusher);
      flusher = undefined;
      await flushing;
      await flush();
    },
  };
}
export type LinksService = ReturnType<typeof createLinksService>;
