import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAsPublished } from '../../lib/link-preset';
import type { Account } from '../../../shared/api/users.schemas';
import { PLATFORM_NAMES } from '../../../shared/platforms/names';
import type { Platform, TwitterAccountType } from '../../../shared/platforms/rules';
import { editedFacts } from '../../../shared/video/layout';
import { accountsFor } from '../../lib/accounts';
import { checkDraft } from './composer-checks';
import type { DraftMedia } from './draft-media';
import type { VersionReceiver } from './version-tabs';
import {
  type DraftVersion,
  isVersionOf,
  ownVersion,
  receivedBy,
  type VersionKey,
  withVersion,
} from './versions';

/** What a form with versions holds: a post in the composer, or a recurring post. */
export interface WithVersions {
  content: string;
  platforms: Platform[];
  accounts: string[];
  media: DraftMedia[];
  versions: DraftVersion[];
}

/**
 * The "Text for" row's state for a post or a recurring post (issue 26): where it goes (each network, and
 * each account of a network it goes to from several), whose text the editor shows and writes, and each
 * network's or account's checks on what it receives (its version, or the post; each video as edited).
 */
export function useVersions<F extends WithVersions>(
  form: F,
  onChange: (next: F) => void,
  allAccounts: readonly Account[],
  accountType: TwitterAccountType,
) {
  const { t } = useTranslation();
  const asPublished = useAsPublished();
  const receivers: VersionReceiver[] = form.platforms.flatMap((platform) => {
    const chosen = accountsFor(platform, form.accounts, allAccounts);
    return [
      { platform, account: null, name: PLATFORM_NAMES[platform] },
      ...(chosen.length > 1
        ? chosen.map((a) => ({
            platform,
            account: a.id,
            name: t('versions.accountName', { network: PLATFORM_NAMES[platform], account: a.username }),
          }))
        : []),
    ];
  });
  // The text being written: the one for all networks, or a chosen network's or account's own version.
  const [writing, setWriting] = useState<VersionKey | null>(null);
  const tab =
    (writing && receivers.find((r) => r.platform === writing.platform && r.account === writing.account)) ??
    null;
  const key: VersionKey | null = tab ? { platform: tab.platform, account: tab.account } : null;
  const version = key ? ownVersion(form.versions, key) : undefined;
  // A tab with no version of its own shows what it receives (an account: its network's version).
  const shown = key
    ? receivedBy(key.platform, form.content, [], form.versions, key.account).content
    : form.content;
  const setShown = (content: string) =>
    onChange(
      key
        ? { ...form, versions: withVersion(form.versions, key, form.content, { content }) }
        : { ...form, content },
    );
  // A network posted to from several accounts is judged account by account.
  const checks = receivers
    .filter(
      (r) => r.account !== null || !receivers.some((o) => o.platform === r.platform && o.account !== null),
    )
    .map((r) => {
      const got = receivedBy(r.platform, form.content, form.media, form.versions, r.account);
      const media = got.media.map((m) => (m.kind === 'video' ? editedFacts(m, m.edits) : m));
      return {
        ...r,
        own: got.own,
        media,
        ...checkDraft(got.content, [r.platform], media, accountType, asPublished),
      };
    });
  const seen = new Set<string>();
  const problems = checks
    .flatMap((c) => c.problems)
    .filter((p) => {
      const said = JSON.stringify(p);
      return !seen.has(said) && seen.add(said);
    });
  // The counter: the network or account being written for, or the tightest of those that take the text
  // for all.
  const remaining = checks
    .filter((c) =>
      key
        ? c.platform === key.platform &&
          (c.account === key.account || (key.account === null && !ownVersion(form.versions, c)))
        : !c.own,
    )
    .map((c) => c.remaining!)
    .reduce<{ platform: Platform; left: number } | null>(
      (tightest, count) => (tightest === null || count.left < tightest.left ? count : tightest),
      null,
    );
  return {
    receivers,
    /** The tab chosen (null: the text for all networks), and its key. */
    tab,
    key,
    setWriting,
    /** The chosen tab's own version, if it has one. */
    version,
    /** The editor's text, and what writing in it changes. */
    shown,
    setShown,
    checks,
    problems,
    remaining,
    /** The files the chosen tab receives now. */
    files: key ? receivedBy(key.platform, form.content, form.media, form.versions, key.account).media : [],
    reset: () => key && onChange({ ...form, versions: form.versions.filter((v) => !isVersionOf(v, key)) }),
    setFiles: (media: string[]) =>
      key && onChange({ ...form, versions: withVersion(form.versions, key, form.content, { media }) }),
  };
}
