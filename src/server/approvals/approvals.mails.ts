import { htmlToText } from '../../shared/platforms/html-to-text';
import type { Recipient } from '../alerts/alerts.repo';
import type { MailMessage } from '../mail/mail.service';
import type { ApprovalPost } from './approvals.repo';

/** The approval mails' texts (plain English, like the app's other mails). */

const snippet = (html: string) => {
  const text = htmlToText(html).replace(/\s+/g, ' ').trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text || '(no text)';
};
const when = (post: ApprovalPost) =>
  post.scheduledAt
    ? `for ${post.scheduledAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`
    : 'to go out at once';
const footer = (publicUrl: string) =>
  `\n\nYou can turn these mails off on your profile: ${publicUrl}/profile\n`;
const dashboard = (publicUrl: string, post: ApprovalPost) => `${publicUrl}/w/${post.workspaceId}/dashboard`;

export function approvalRequestedMail(
  to: Recipient,
  author: string,
  post: ApprovalPost,
  publicUrl: string,
): MailMessage {
  return {
    to: to.email,
    subject: `Postwell: ${author} asks for your approval`,
    text:
      `Hello ${to.name},\n\n${author} wrote a post ${when(post)} that waits for an approval:\n\n` +
      `"${snippet(post.contentHtml)}"\n\nApprove it or send it back from the dashboard: ` +
      `${dashboard(publicUrl, post)}\nIf nobody approves it by its time, it is not published.` +
      footer(publicUrl),
  };
}

export function rejectedMail(
  to: Recipient,
  reviewer: string,
  reason: string,
  post: ApprovalPost,
  publicUrl: string,
): MailMessage {
  return {
    to: to.email,
    subject: 'Postwell: your post was sent back',
    text:
      `Hello ${to.name},\n\n${reviewer} sent your post back to your drafts:\n\n"${snippet(post.contentHtml)}"\n\n` +
      `Why: ${reason}\n\nChange it and schedule it again: ${publicUrl}/w/${post.workspaceId}/posts?tab=drafts` +
      footer(publicUrl),
  };
}

export function notApprovedMail(to: Recipient, post: ApprovalPost, publicUrl: string): MailMessage {
  return {
    to: to.email,
    subject: 'Postwell: your post was not approved in time',
    text:
      `Hello ${to.name},\n\nYour post ${when(post)} was still waiting for an approval at its time, so it ` +
      `was not published:\n\n"${snippet(post.contentHtml)}"\n\nGive it a new time to ask again: ` +
      `${publicUrl}/w/${post.workspaceId}/posts` +
      footer(publicUrl),
  };
}
