import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/format-date';
import { useProfile } from '../lib/session';

/** Tells a trial account when its trial ends, and once it has ended, what still works. */
export function TrialBanner() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  if (!profile?.trialEndsAt) return null;
  const ended = new Date(profile.trialEndsAt) <= new Date();
  const date = formatDate(profile.trialEndsAt);
  return (
    <Alert color={ended ? 'red' : 'blue'} variant="light" mb="md" role={ended ? 'alert' : 'status'}>
      {t(ended ? 'trialBanner.ended' : 'trialBanner.active', { date })}
    </Alert>
  );
}
