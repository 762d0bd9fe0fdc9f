import { Alert, Card, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_ALERT_KINDS,
  ALERT_KINDS,
  type AlertKind,
  type AlertPreferences,
} from '../../../../shared/api/alerts.schemas';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useAlertPreferences } from '../api/get-alert-preferences';
import { useUpdateAlertPreferences } from '../api/update-alert-preferences';

/**
 * A kind's switch label and description; the digest's say how often this server sends it. A digest this
 * server never sends is `unsent`: its switch shows off, and cannot be turned on to any effect.
 */
function wording(t: TFunction, kind: AlertKind, prefs: AlertPreferences) {
  const description = t(`alerts.kinds.${kind}.description`);
  if (kind !== 'digest') return { label: t(`alerts.kinds.${kind}.label`), description, unsent: false };
  const hours = prefs.digestHours;
  if (hours <= 0)
    return {
      label: t('alerts.kinds.digest.labelNone'),
      description: t('alerts.kinds.digest.none'),
      unsent: true,
    };
  const label =
    hours % 24 === 0
      ? t('alerts.kinds.digest.labelDays', { count: hours / 24 })
      : t('alerts.kinds.digest.labelHours', { count: hours });
  return { label, description, unsent: false };
}

/** The Profile page's "Alert mails" section: one switch per kind, saved as it is flipped. */
export function AlertsCard() {
  const { t } = useTranslation();
  const preferences = useAlertPreferences();
  const update = useUpdateAlertPreferences();
  const prefs = preferences.data;
  const kinds = ALERT_KINDS.filter((kind) => prefs?.admin || !ADMIN_ALERT_KINDS.includes(kind));
  const toggle = (kind: AlertKind, on: boolean) =>
    update.mutate(
      { [kind]: on },
      {
        onSuccess: () => notify({ color: 'green', message: t(on ? 'alerts.turnedOn' : 'alerts.turnedOff') }),
        onError: (error) => notify({ color: 'red', message: errorMessage(t, error, 'alerts.saveFailed') }),
      },
    );
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="alerts-title">
      <Stack>
        <div>
          <Title order={2} size="h3" id="alerts-title">
            {t('alerts.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('alerts.intro')}
          </Text>
        </div>
        {preferences.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
        {preferences.isError && (
          <Alert color="red" role="alert">
            {t('alerts.fetchFailed')}
          </Alert>
        )}
        {prefs && (
          <Stack gap="md">
            {kinds.map((kind) => {
              const { label, description, unsent } = wording(t, kind, prefs);
              return (
                <Switch
                  key={kind}
                  checked={prefs[kind] && !unsent}
                  disabled={unsent}
                  onChange={(event) => toggle(kind, event.currentTarget.checked)}
                  label={label}
                  description={description}
                  data-testid={`alert-${kind}`}
                />
              );
            })}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
