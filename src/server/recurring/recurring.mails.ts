import { htmlToText } from '../../shared/platforms/html-to-text';
import type { Recipient } from '../alerts/alerts.repo';
import type { MailMessage } from '../mail/mail.service';
import type { RecurringRow } from './recurring.repo';

/** The mail to an approver when a contributor's recurring post waits (plain English, like the others). */
export function ruleApprovalMail(
  to: Recipient,
  author: string,
  rule: Pick<RecurringRow, 'workspaceId' | 'contentHtml'>,
  publicUrl: string,
): MailMessage {
  const text = htmlToText(rule.contentHtml).replace(/\s+/g, ' ').trim();
  const snippet = text.length > 80 ? `${text.slice(0, 79)}…` : text || '(no text)';
  return {
    to: to.email,
    subject: `Postwell: ${author} asks for your approval of a recurring post`,
    text:
      `Hello ${to.name},\n\n${author} wrote a recurring post that waits for an approval before it makes ` +
      `any post:\n\n"${snippet}"\n\nApprove it once, or send it back, from the recurring posts: ` +
      `${publicUrl}/w/${rule.workspaceId}/posts?view=recurring` +
      `\n\nYou can turn these mails off on your profile: ${publicUrl}/profile\n`,
  };
}
