import { useCan } from '../../../lib/workspace-role';
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecurringPost } from '../../../../shared/api/recurring.schemas';
import { ConfirmDeleteDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useTimeZone } from '../../../lib/time-zone';
import { useDeleteRecurringPost } from '../api/delete-recurring-post';
import { useRecurringPosts } from '../api/get-recurring-posts';
import { RecurringDialog } from './recurring-dialog';
import { RecurringItem } from './recurring-item';

/** Asks, then deletes the rule: future occurrences stop, posts already made stay on the calendar. */
function DeleteRecurringDialog({ post, onClose }: { post: RecurringPost; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteRecurringPost();
  return (
    <ConfirmDeleteDialog
      message={t('recurring.deleteConfirm')}
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(post.id, {
          onSuccess: () => {
            notify({ color: 'green', message: t('recurring.deleted') });
            onClose();
          },
          onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
        })
      }
    />
  );
}

/**
 * The Recurring Posts tab of /posts (spec section 2): the list, Create Recurring Post, and the dialogs to
 * create, edit and delete one. Its own chunk: none of it loads until the tab is opened.
 */
export function RecurringPosts() {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const list = useRecurringPosts();
  const [editing, setEditing] = useState<RecurringPost | 'new' | null>(null);
  // Recurring rules schedule posts: left out for a role that may not.
  const mayChange = useCan('schedule');
  const [deleting, setDeleting] = useState<RecurringPost | null>(null);

  let body;
  if (list.isPending)
    body = (
      <Center py="lg">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  else if (list.isError)
    body = (
      <Alert color="red" role="alert">
        {errorMessage(t, list.error)}
      </Alert>
    );
  else if (!list.data.length)
    body = (
      <Text c="dimmed" py="md">
        {t('recurring.empty')}
      </Text>
    );
  else
    body = (
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {list.data.map((post) => (
          <RecurringItem
            key={post.id}
            post={post}
            zone={zone}
            {...(mayChange ? { onEdit: setEditing, onDelete: setDeleting } : {})}
          />
        ))}
      </Stack>
    );

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h3">
          {t('recurring.title')}
        </Title>
        {mayChange && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('recurring.create')}
          </Button>
        )}
      </Group>
      {body}
      {editing && (
        <RecurringDialog post={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && <DeleteRecurringDialog post={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
