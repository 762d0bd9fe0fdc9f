import { Modal, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Platform, PLATFORMS } from '../../../../shared/platforms/rules';
import { useProfile } from '../../../lib/session';
import { canManageSettings } from '../../../../shared/roles';
import { ConnectBlueskyDialog } from './connect-bluesky-dialog';
import { PlatformCard } from './platform-card';
import { useConnect } from '../hooks/use-connect';

/**
 * Manage Platforms: one card per network, all six, each with its connected accounts. Persistent (a click outside or Escape does not close
 * it; the close button does), at least 350px wide.
 */
export function ManagePlatformsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const { connect, busy } = useConnect();
  const [bluesky, setBluesky] = useState(false);
  const onConnect = (platform: Platform) => (platform === 'bluesky' ? setBluesky(true) : connect(platform));
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('connections.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      closeOnClickOutside={false}
      closeOnEscape={false}
      size="xl"
      styles={{ content: { minWidth: 'min(350px, 100%)' } }}
      centered
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {PLATFORMS.map((platform) => (
          <PlatformCard
            key={platform}
            platform={platform}
            accounts={(profile?.accounts ?? []).filter((a) => a.platform === platform)}
            // Bluesky needs no app credentials on the server: it is always available.
            configured={platform === 'bluesky' || profile?.configured[platform] !== false}
            admin={profile ? canManageSettings(profile.role) : false}
            connecting={busy(platform)}
            onConnect={onConnect}
          />
        ))}
      </SimpleGrid>
      {bluesky && <ConnectBlueskyDialog onClose={() => setBluesky(false)} />}
    </Modal>
  );
}
