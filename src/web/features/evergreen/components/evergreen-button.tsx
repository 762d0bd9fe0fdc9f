import { Anchor, Button, Text } from '@mantine/core';
import { IconRecycle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Platform } from '../../../../shared/platforms/rules';
import { useCan } from '../../../lib/workspace-role';
import { workspacePath, useWorkspaceId } from '../../../lib/workspace';
import { usePostEvergreen } from '../api/get-evergreen';
import { EvergreenDialog } from './evergreen-dialog';

/**
 * A post's details' Evergreen: makes the post return after it went out, or changes how it does; on a
 * recycled copy, says whose copy it is instead (that post's settings are the ones to change).
 */
export function EvergreenButton({ postId, platforms }: { postId: string; platforms: Platform[] }) {
  const { t } = useTranslation();
  const mayManage = useCan('scheduleWithoutApproval');
  const current = usePostEvergreen(postId);
  const workspace = useWorkspaceId() ?? '';
  const [open, setOpen] = useState(false);
  if (!current.data) return null;
  if (current.data.copyOf)
    return (
      <Text size="sm" c="dimmed" w="100%">
        {t('evergreen.isCopy')}{' '}
        <Anchor component={Link} to={`${workspacePath(workspace, '/posts')}?post=${current.data.copyOf}`}>
          {t('evergreen.openSource')}
        </Anchor>
      </Text>
    );
  const evergreen = current.data.data;
  if (!mayManage && !evergreen) return null;
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconRecycle size={16} />}
        onClick={() => setOpen(true)}
        disabled={!mayManage}
      >
        {evergreen ? t('evergreen.buttonEvery', { count: evergreen.everyDays }) : t('evergreen.button')}
      </Button>
      {open && (
        <EvergreenDialog
          postId={postId}
          platforms={platforms}
          evergreen={evergreen}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
