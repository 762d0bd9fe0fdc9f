import { Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Comment, CommentWriteSchema } from '../../../../shared/api/comments.schemas';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { useTimeZone } from '../../../lib/time-zone';
import { useCreateComment } from '../api/create-comment';
import { useDeleteComment } from '../api/delete-comment';
import { type CommentSubject, useComments } from '../api/get-comments';
import { useUpdateComment } from '../api/update-comment';
import { MentionInput } from './mention-input';
import { type Mentionable, mentionsIn, splitMentions } from './mention-text';

/** A comment's text as written, its mentions set apart. */
function CommentBody({ comment }: { comment: Comment }) {
  const parts = splitMentions(
    comment.body,
    comment.mentions.map((m) => m.name),
  );
  return (
    <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((part, i) =>
        part.mention ? (
          <Text key={i} span fw={600} c="blue.8">
            {part.text}
          </Text>
        ) : (
          part.text
        ),
      )}
    </Text>
  );
}

/** Writing a comment, or changing one (`comment`): the text, mentions, and Send or Save. */
function CommentForm({
  subject,
  members,
  comment,
  onDone,
}: {
  subject: CommentSubject;
  members: Mentionable[];
  comment?: Comment;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateComment(subject);
  const update = useUpdateComment(subject);
  const [body, setBody] = useState(comment?.body ?? '');
  const [chosen, setChosen] = useState<Mentionable[]>(comment?.mentions ?? []);
  const [error, setError] = useState<string>();
  const saving = create.isPending || update.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { body, mentions: mentionsIn(body, chosen) };
    const checked = CommentWriteSchema.safeParse(input);
    if (!checked.success) {
      setError(t(checked.error.issues[0]?.message ?? 'comments.bodyRequired'));
      return;
    }
    setError(undefined);
    const done = {
      onSuccess: () => {
        setBody('');
        setChosen([]);
        onDone?.();
      },
      onError: (failure: Error) =>
        notify({ color: 'red', message: errorMessage(t, failure, 'comments.failed') }),
    };
    if (comment) update.mutate({ id: comment.id, ...input }, done);
    else create.mutate(input, done);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <MentionInput
          label={comment ? t('comments.editLabel') : t('comments.label')}
          value={body}
          onChange={setBody}
          onMention={(member) => setChosen((list) => [...list, member])}
          members={members}
          error={error}
        />
        <Group justify="flex-end" gap="xs">
          {comment && (
            <Button variant="default" size="xs" onClick={onDone}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" size="xs" loading={saving}>
            {comment ? t('comments.save') : t('comments.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteCommentDialog({
  subject,
  comment,
  onClose,
}: {
  subject: CommentSubject;
  comment: Comment;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteComment(subject);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('comments.deleteTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        <Text size="sm">{t('comments.deleteHelp', { name: comment.authorName })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(comment.id, {
                onSuccess: () => {
                  notify({ color: 'green', message: t('comments.deleted') });
                  onClose();
                },
                onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
              })
            }
          >
            {t('comments.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The comments on a post or a recurring rule, for every member of the workspace: each with who and
 * when, Edit and Delete where the server says the reader may, and a box to add one, where typing @
 * names a member (`members`) who is then told.
 */
export function CommentThread({
  subject,
  members,
  withTitle = true,
}: {
  subject: CommentSubject;
  members: Mentionable[];
  /** False where the page names the thread already (an accordion's "Comments"). */
  withTitle?: boolean;
}) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const thread = useComments(subject);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const comments = thread.data?.data ?? [];
  return (
    <Stack gap="xs" component="section" aria-label={t('comments.title')}>
      {withTitle && (
        <Title order={3} size="h5">
          {comments.length ? t('comments.titleCount', { count: comments.length }) : t('comments.title')}
        </Title>
      )}
      {thread.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : thread.isError ? (
        <Text size="sm" c="red">
          {errorMessage(t, thread.error)}
        </Text>
      ) : comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('comments.none')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {comments.map((comment) => (
            <Paper key={comment.id} component="li" withBorder p="xs" radius="sm">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Group gap={6}>
                  <Text size="sm" fw={600} dir="auto">
                    {comment.authorName}
                  </Text>
                  {comment.guest && (
                    <Badge size="xs" variant="light" color="grape">
                      {t('comments.guest')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {formatDateTime(comment.createdAt, { timeZone: zone })}
                  {comment.editedAt && ` · ${t('comments.edited')}`}
                </Text>
              </Group>
              {editing === comment.id ? (
                <CommentForm
                  subject={subject}
                  members={members}
                  comment={comment}
                  onDone={() => setEditing(null)}
                />
              ) : (
                <>
                  <CommentBody comment={comment} />
                  {(comment.mayEdit || comment.mayDelete) && (
                    <Group gap={4} mt={4}>
                      {comment.mayEdit && (
                        <Button size="compact-xs" variant="subtle" onClick={() => setEditing(comment.id)}>
                          {t('comments.edit')}
                        </Button>
                      )}
                      {comment.mayDelete && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setDeleting(comment)}
                        >
                          {t('comments.delete')}
                        </Button>
                      )}
                    </Group>
                  )}
                </>
              )}
            </Paper>
          ))}
        </Stack>
      )}
      <CommentForm subject={subject} members={members} />
      {deleting && (
        <DeleteCommentDialog subject={subject} comment={deleting} onClose={() => setDeleting(null)} />
      )}
    </Stack>
  );
}
