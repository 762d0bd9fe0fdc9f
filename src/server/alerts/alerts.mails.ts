import { htmlToText } from '../../shared/platforms/html-to-text';
import type { Platform } from '../../shared/platforms/rules';
import type { MailMessage } from '../mail/mail.service';
import { PLATFORM_NAMES } from '../../shared/platforms/names';
import type { FailedTargetRow, Recipient } from './alerts.repo';

/** The alert mails' texts (plain English, like the app's other mails). */

const network = (platform: string) => PLATFORM_NAMES[platform as Platform] ?? platform;
const LIST_MAX = 50;
const snippet = (html: string) => {
  const text = htmlToText(html).replace(/\s+/g, ' ').trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text || '(no text)';
};
const footer = (publicUrl: string) =>
  `\n\nYou can turn these mails off on your profile: ${publicUrl}/profile\n`;

/**
 * One mail per person told and workspace, listing the targets that failed for good: an author's own
 * posts, and for a workspace's owners and admins the others' too, each with who wrote it.
 */
export function targetFailedMails(rows: FailedTargetRow[], publicUrl: string): MailMessage[] {
  const byUser = new Map<string, FailedTargetRow[]>();
  for (const row of rows) {
    const key = `${row.userId} ${row.workspaceId}`;
    byUser.set(key, [...(byUser.get(key) ?? []), row]);
  }
  return [...byUser.values()].map((list) => {
    const first = list[0]!;
    const lines = list
      .slice(0, LIST_MAX)
      .map(
        (r) =>
          `- ${network(r.platform)}: "${snippet(r.contentHtml)}"${r.own ? '' : ` (by ${r.authorName})`}\n` +
          `  ${r.error ?? 'No reason given.'}`,
      );
    if (list.length > LIST_MAX) lines.push(`… and ${list.length - LIST_MAX} more.`);
    const allOwn = list.every((r) => r.own);
    return {
      to: first.email,
      subject:
        list.length === 1
          ? first.own
            ? `Postwell: your post to ${network(first.platform)} could not be published`
            : `Postwell: a post to ${network(first.platform)} in ${first.workspaceName} could not be published`
          : `Postwell: ${list.length} posts${allOwn ? '' : ` in ${first.workspaceName}`} could not be published`,
      text:
        `Hello ${first.name},\n\nPostwell gave up on publishing${allOwn ? '' : ` in ${first.workspaceName}`}:\n\n` +
        `${lines.join('\n')}\n\n` +
        `Open the posts to fix and retry them: ${publicUrl}/w/${first.workspaceId}/posts` +
        footer(publicUrl),
    };
  });
}

export function needsReconnectMail(
  to: Recipient,
  connection: { platform: string; username: string; reason: string },
  publicUrl: string,
): MailMessage {
  const name = network(connection.platform);
  return {
    to: to.email,
    subject: `Postwell: reconnect your ${name} account`,
    text:
      `Hello ${to.name},\n\n${name} no longer accepts Postwell's access to ${connection.username}` +
      ` (${connection.reason}). Posts to ${name} wait until you reconnect the account:` +
      ` ${publicUrl}/dashboard` +
      footer(publicUrl),
  };
}

export function workerMissingMail(
  to: Recipient,
  state: { seenAt: Date | null; due: number },
  publicUrl: string,
): MailMessage {
  const seen = state.seenAt ? `was last seen at ${state.seenAt.toISOString()}` : 'has not been seen at all';
  return {
    to: to.email,
    subject: 'Postwell: no worker is running, posts are waiting',
    text:
      `Hello ${to.name},\n\nNo Postwell worker process has reported for 5 minutes (one ${seen}), and ` +
      `${state.due} post target(s) are due. Nothing is published until a worker runs again: start one ` +
      `(npm start, or --role=worker), and check its log. This mail is sent once per incident.` +
      footer(publicUrl),
  };
}

export function digestMail(
  to: Recipient,
  digest: {
    failed: { platform: string; count: number }[];
    reconnect: { platform: string; username: string; email: string }[];
  },
  hours: number,
  publicUrl: string,
): MailMessage {
  const total = digest.failed.reduce((sum, f) => sum + f.count, 0);
  const failed = digest.failed.map((f) => `- ${network(f.platform)}: ${f.count}`);
  const reconnect = digest.reconnect
    .slice(0, LIST_MAX)
    .map((c) => `- ${network(c.platform)} ${c.username} (${c.email})`);
  if (digest.reconnect.length > LIST_MAX) reconnect.push(`… and ${digest.reconnect.length - LIST_MAX} more.`);
  return {
    to: to.email,
    subject: `Postwell digest: ${total} failed, ${digest.reconnect.length} to reconnect`,
    text:
      `Hello ${to.name},\n\nIn the last ${hours} hours:\n\n` +
      `Targets that failed for good: ${total}\n${failed.join('\n')}\n\n` +
      `Accounts that need reconnecting now: ${digest.reconnect.length}\n${reconnect.join('\n')}\n\n` +
      `Administration: ${publicUrl}/admin/dashboard` +
      footer(publicUrl),
  };
}
