import { Alert, Anchor, Badge, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Evergreen } from '../../../../shared/api/evergreen.schemas';
import { htmlToText } from '../../../../shared/platforms/html-to-text';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import { CardActions } from '../../../components/card-actions';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PlatformIcon } from '../../../components/platform-icon';
import { errorMessage } from '../../../lib/error-message';
import { formatDate, formatDayTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { useTimeZone } from '../../../lib/time-zone';
import { useCan } from '../../../lib/workspace-role';
import { workspacePath, useWorkspaceId } from '../../../lib/workspace';
import { useEvergreen } from '../api/get-evergreen';
import { useSaveEvergreen } from '../api/save-evergreen';
import { useStopEvergreen } from '../api/stop-evergreen';
import { EvergreenDialog } from './evergreen-dialog';

const STATE_COLOR: Record<Evergreen['state'], string> = {
  due: 'teal',
  waiting: 'blue',
  paused: 'orange',
  finished: 'gray',
};

/** "Shared 2 of 5 times", "Shared twice": how many copies it has made, against its limit. */
const timesText = (t: TFunction, e: Evergreen) =>
  e.maxTimes === null
    ? t('evergreen.timesShared', { n: e.times })
    : t('evergreen.timesOf', { n: e.times, max: e.maxTimes });

/**
 * Evergreen (issue 27): the workspace's posts that return to the queue after they went out, each with
 * how often, how many times so far, when the next copy comes, and what the last one left out and why.
 */
export function EvergreenPage() {
  const { t } = useTranslation();
  const list = useEvergreen();
  const mayManage = useCan('scheduleWithoutApproval');
  const [editing, setEditing] = useState<Evergreen | null>(null);
  const [stopping, setStopping] = useState<Evergreen | null>(null);
  const stop = useStopEvergreen();

  return (
    <Container size="md" py="md">
      <Stack>
        <Title order={1}>{t('evergreen.title')}</Title>
        <Text c="dimmed">{t('evergreen.intro')}</Text>
        {list.isPending && <Loader aria-label={t('common.loading')} />}
        {list.isError && (
          <Alert color="red" role="alert">
            {errorMessage(t, list.error, 'evergreen.failed')}
          </Alert>
        )}
        {list.data?.data.length === 0 && <Alert color="blue">{t('evergreen.empty')}</Alert>}
        {list.data?.data.map((e) => (
          <EvergreenCard
            key={e.id}
            evergreen={e}
            mayManage={mayManage}
            onEdit={() => setEditing(e)}
            onStop={() => setStopping(e)}
          />
        ))}
      </Stack>
      {editing && (
        <EvergreenDialog
          postId={editing.postId}
          platforms={editing.platforms}
          evergreen={editing}
          onClose={() => setEditing(null)}
        />
      )}
      {stopping && (
        <ConfirmDialog
          title={t('evergreen.stopTitle')}
          confirmLabel={t('evergreen.stop')}
          loading={stop.isPending}
          onClose={() => setStopping(null)}
          onConfirm={() =>
            stop.mutate(stopping.postId, {
              onSuccess: () => {
                notify({ color: 'green', message: t('evergreen.stopped') });
                setStopping(null);
              },
              onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
            })
          }
        >
          <Text>{t('evergreen.stopQuestion')}</Text>
        </ConfirmDialog>
      )}
    </Container>
  );
}

function EvergreenCard({
  evergreen: e,
  mayManage,
  onEdit,
  onStop,
}: {
  evergreen: Evergreen;
  mayManage: boolean;
  onEdit: () => void;
  onStop: () => void;
}) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const save = useSaveEvergreen();
  const workspace = useWorkspaceId() ?? '';
  const name = htmlToText(e.card).slice(0, 60) || t('preview.empty');
  const pause = (paused: boolean) =>
    save.mutate(
      {
        postId: e.postId,
        body: { everyDays: e.everyDays, maxTimes: e.maxTimes, until: e.until, variants: e.variants, paused },
      },
      {
        onSuccess: () =>
          notify({ color: 'green', message: t(paused ? 'evergreen.pausedDone' : 'evergreen.resumed') }),
        onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
      },
    );
  return (
    <Card withBorder padding="md" data-testid="evergreen" aria-label={name} component="section">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Anchor
          component={Link}
          to={`${workspacePath(workspace, '/posts')}?post=${e.postId}`}
          size="sm"
          c="inherit"
          style={{ minWidth: 0, overflowWrap: 'anywhere' }}
          dangerouslySetInnerHTML={{ __html: e.card }}
        />
        {mayManage && (
          <CardActions
            paused={e.paused}
            labels={{
              pause: t('evergreen.pause'),
              resume: t('evergreen.resume'),
              pauseThis: t('evergreen.pausePost', { post: name }),
              resumeThis: t('evergreen.resumePost', { post: name }),
              edit: t('evergreen.editPost', { post: name }),
              remove: t('evergreen.stopPost', { post: name }),
            }}
            pausing={save.isPending}
            onPause={e.state !== 'finished' ? pause : undefined}
            onEdit={onEdit}
            onRemove={onStop}
          />
        )}
      </Group>
      <Group gap="xs" mt="sm">
        {e.platforms.map((platform) => (
          <PlatformIcon key={platform} platform={platform} size={16} />
        ))}
        {e.accounts.length > 0 && (
          <Text size="xs" c="dimmed">
            {e.accounts.map((a) => `@${a}`).join(', ')}
          </Text>
        )}
        <Badge variant="light" color={STATE_COLOR[e.state]}>
          {t(`evergreen.states.${e.state}`)}
        </Badge>
        <Badge variant="light" color="gray">
          {t('evergreen.everyDays', { count: e.everyDays })}
        </Badge>
        {e.variants.length > 0 && (
          <Badge variant="light" color="gray">
            {t('evergreen.variantCount', { count: e.variants.length })}
          </Badge>
        )}
      </Group>
      <Text size="sm" mt="xs" role="status">
        {timesText(t, e)}
        {e.until && ` · ${t('evergreen.untilDate', { date: formatDate(e.until, { timeZone: zone }) })}`}
      </Text>
      <Text size="sm" c="dimmed">
        {e.lastSharedAt
          ? t('evergreen.lastShared', { time: formatDayTime(e.lastSharedAt, { timeZone: zone }) })
          : t('evergreen.notSharedYet')}
        {e.nextAt && ` · ${t('evergreen.nextCopy', { time: formatDayTime(e.nextAt, { timeZone: zone }) })}`}
      </Text>
      {e.skipped.map((s) => (
        <Alert key={`${s.platform}:${s.account ?? ''}`} color="yellow" mt="xs" p="xs">
          {t(`evergreen.skips.${s.reason}`, {
            network: s.account ? `${PLATFORM_NAMES[s.platform]} (@${s.account})` : PLATFORM_NAMES[s.platform],
          })}
        </Alert>
      ))}
      {e.lastError && (
        <Alert color="red" mt="xs" p="xs">
          {t(`evergreen.errors.${e.lastError}`, {
            defaultValue: t('evergreen.errors.other', { code: e.lastError }),
          })}
        </Alert>
      )}
    </Card>
  );
}
