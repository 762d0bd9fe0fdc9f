import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconMessageReport } from '@tabler/icons-react';
import { type ComponentType, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { ReviewPost } from '../../../../shared/api/review-links.schemas';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import type { Platform } from '../../../../shared/platforms/rules';
import { LogoMark } from '../../../components/logo-mark';
import { PlatformIcon } from '../../../components/platform-icon';
import { Spinner } from '../../../components/spinner';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { targetName } from '../../../lib/accounts';
import { formatDateTime, formatLongDateTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { useReviewPage } from '../api/get-review-page';
import { useApproveReviewPost, useCommentReviewPost, useRequestChanges } from '../api/review-post-actions';

/** How one network will show the post (the posts feature's preview, given by the app). */
export type ReviewPreview = ComponentType<{
  platform: Platform;
  /** The account's name on that network, if the workspace has one connected. */
  account: string | null;
  workspace: string;
  post: ReviewPost;
}>;

const NAME_KEY = 'postwell.reviewerName';
/** Posts a reviewer can still approve or send back. */
const OPEN = ['draft', 'scheduled', 'awaiting_approval'];

/** The name the reviewer gave, kept in this browser. */
function useReviewerName() {
  const [name, setName] = useState(() => localStorage.getItem(NAME_KEY) ?? '');
  const save = (value: string) => {
    localStorage.setItem(NAME_KEY, value);
    setName(value);
  };
  return [name, save] as const;
}

function NameCard({ name, onName }: { name: string; onName: (name: string) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(!name);
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string>();
  if (!editing)
    return (
      <Group gap="xs">
        <Text size="sm">{t('review.as', { name })}</Text>
        <Button size="compact-sm" variant="subtle" onClick={() => setEditing(true)}>
          {t('review.changeName')}
        </Button>
      </Group>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (!trimmed || trimmed.length > 80) return setError(t('reviewLinks.nameRequired'));
    onName(trimmed);
    setEditing(false);
  };
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <TextInput
            label={t('review.yourName')}
            description={t('review.nameHelp')}
            autoComplete="name"
            maxLength={80}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={error}
          />
          <Group>
            <Button type="submit">{t('review.continue')}</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Approve, or ask for changes with what to change. */
function Decide({ token, post, name }: { token: string; post: ReviewPost; name: string }) {
  const { t } = useTranslation();
  const approve = useApproveReviewPost(token);
  const changes = useRequestChanges(token);
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState('');
  const failed = (error: Error) => notify({ color: 'red', message: errorMessage(t, error, 'review.failed') });
  if (asking)
    return (
      <Stack gap="xs">
        <Textarea
          label={t('review.changesLabel')}
          autosize
          minRows={2}
          dir="auto"
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          data-autofocus
        />
        <Group gap="xs">
          <Button
            color="orange"
            loading={changes.isPending}
            disabled={!comment.trim()}
            onClick={() =>
              changes.mutate(
                { id: post.id, name, comment },
                {
                  onSuccess: () => {
                    notify({ color: 'green', message: t('review.changesSent') });
                    setAsking(false);
                    setComment('');
                  },
                  onError: failed,
                },
              )
            }
          >
            {t('review.sendChanges')}
          </Button>
          <Button variant="default" onClick={() => setAsking(false)}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    );
  return (
    <Group gap="sm">
      <Button
        color="green"
        leftSection={<IconCheck size={16} aria-hidden />}
        loading={approve.isPending}
        onClick={() =>
          approve.mutate(
            { id: post.id, name, hash: post.contentHash },
            { onSuccess: () => notify({ color: 'green', message: t('review.approved') }), onError: failed },
          )
        }
      >
        {t('review.approve')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconMessageReport size={16} aria-hidden />}
        onClick={() => setAsking(true)}
      >
        {t('review.requestChanges')}
      </Button>
    </Group>
  );
}

function Comments({ token, post, name }: { token: string; post: ReviewPost; name: string }) {
  const { t } = useTranslation();
  const send = useCommentReviewPost(token);
  const [body, setBody] = useState('');
  return (
    <Stack gap="xs">
      {post.comments.map((comment) => (
        <Paper key={comment.id} withBorder p="xs" radius="sm">
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600} dir="auto">
              {comment.by}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(comment.at)}
            </Text>
          </Group>
          <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {comment.body}
          </Text>
        </Paper>
      ))}
      {name && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!body.trim()) return;
            send.mutate(
              { id: post.id, name, body },
              {
                onSuccess: () => setBody(''),
                onError: (error) =>
                  notify({ color: 'red', message: errorMessage(t, error, 'review.failed') }),
              },
            );
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={t('review.comment')}
              autosize
              minRows={2}
              dir="auto"
              value={body}
              onChange={(event) => setBody(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                size="xs"
                variant="light"
                loading={send.isPending}
                disabled={!body.trim()}
              >
                {t('review.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

function PostCard({
  token,
  post,
  workspace,
  name,
  Preview,
}: {
  token: string;
  post: ReviewPost;
  workspace: string;
  name: string;
  Preview: ReviewPreview;
}) {
  const { t } = useTranslation();
  const when = post.scheduledAt
    ? t('review.scheduledFor', {
        time: formatLongDateTime(post.scheduledAt, { timeZone: post.timezone }),
        zone: post.timezone,
      })
    : t('review.notScheduled');
  return (
    <Card withBorder padding="lg" component="article" aria-label={when}>
      <Stack>
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{when}</Text>
          <Badge variant="light">{t(`calendar.status.${post.status}`, post.status)}</Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, md: post.targets.length > 1 ? 2 : 1 }}>
          {post.targets.map(({ platform, account }, i) => {
            // Where a network has several of the post's accounts, each preview says whose it is.
            const name =
              post.targets.filter((other) => other.platform === platform).length > 1 && account
                ? targetName(t, { platform, account })
                : PLATFORM_NAMES[platform];
            return (
              <Stack key={`${platform}:${account ?? i}`} gap={6} role="region" aria-label={name}>
                <Group gap={6}>
                  <PlatformIcon platform={platform} size={18} />
                  <Text size="sm" fw={600}>
                    {name}
                  </Text>
                </Group>
                <Preview platform={platform} account={account} workspace={workspace} post={post} />
              </Stack>
            );
          })}
        </SimpleGrid>
        {post.decision && (
          <Alert
            color={post.decision.kind === 'approved' ? 'green' : 'orange'}
            variant="light"
            title={t(post.decision.kind === 'approved' ? 'review.approvedBy' : 'review.changesBy', {
              who: post.decision.by,
              date: formatDateTime(post.decision.at),
            })}
          />
        )}
        {name && OPEN.includes(post.status) ? (
          <Decide token={token} post={post} name={name} />
        ) : !OPEN.includes(post.status) ? (
          <Text size="sm" c="dimmed">
            {t('review.closed')}
          </Text>
        ) : null}
        <Comments token={token} post={post} name={name} />
      </Stack>
    </Card>
  );
}

/**
 * `/review#<token>`: a client review link's page, for someone without an account. It shows each post as
 * the networks will (`preview`), with Approve, Request changes and a comment box, under a name given
 * once; a withdrawn or expired link says so.
 */
export function ReviewPage({ preview }: { preview: ReviewPreview }) {
  const { t } = useTranslation();
  const token = useLocation().hash.slice(1);
  const page = useReviewPage(token);
  const [name, setName] = useReviewerName();
  const gone =
    page.error instanceof ApiRequestError && [404, 410, 400].includes(page.error.status) ? page.error : null;
  return (
    <Container size="lg" py="xl">
      <Stack>
        <Group gap="sm">
          <LogoMark size={36} />
          <Title order={1}>
            {page.data ? t('review.title', { workspace: page.data.workspace }) : t('review.titlePlain')}
          </Title>
        </Group>
        {!token ? (
          <Alert color="red">{t('review.noToken')}</Alert>
        ) : gone ? (
          <Alert color="red" title={t('review.unavailable')}>
            {errorMessage(t, gone)}
          </Alert>
        ) : page.error ? (
          <Alert color="red">{errorMessage(t, page.error)}</Alert>
        ) : !page.data ? (
          <Spinner label={t('common.loading')} />
        ) : (
          <>
            {page.data.label && (
              <Text fw={600} dir="auto">
                {page.data.label}
              </Text>
            )}
            <Text c="dimmed" size="sm">
              {t('review.intro', { date: formatDateTime(page.data.expiresAt) })}
            </Text>
            <NameCard name={name} onName={setName} />
            {page.data.posts.length === 0 ? (
              <Text>{t('review.noPosts')}</Text>
            ) : (
              page.data.posts.map((post) => (
                <PostCard
                  key={post.id}
                  token={token}
                  post={post}
                  workspace={page.data.workspace}
                  name={name}
                  Preview={preview}
                />
              ))
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
