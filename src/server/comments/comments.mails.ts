import type { Recipient } from '../alerts/alerts.repo';
import type { MailMessage } from '../mail/mail.service';

/** The mail of a mention (plain English, like the app's other mails). */
export function mentionMail(
  to: Recipient,
  input: { by: string; body: string; workspaceId: string; onRule: boolean },
  publicUrl: string,
): MailMessage {
  const text = input.body.replace(/\s+/g, ' ');
  const excerpt = text.length > 300 ? `${text.slice(0, 299)}…` : text;
  return {
    to: to.email,
    subject: `Postwell: ${input.by} mentioned you`,
    text:
      `Hello ${to.name},\n\n${input.by} mentioned you in a comment on a ${input.onRule ? 'recurring post' : 'post'}:\n\n` +
      `"${excerpt}"\n\nRead and answer it from your dashboard: ${publicUrl}/w/${input.workspaceId}/dashboard` +
      `\n\nYou can turn these mails off on your profile: ${publicUrl}/profile\n`,
  };
}
