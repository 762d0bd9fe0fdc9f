import { Alert, Button, Card, Group, Loader, NumberInput, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsSchema, TRIAL_DAYS_MAX, TRIAL_DAYS_MIN } from '../../../../shared/api/admin.schemas';
import { notify } from '../../../lib/notify';
import { useSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';

/** The trial duration form; the router shows it to super_admin only. */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <Stack maw={520}>
      <Title order={1}>{t('settings.title')}</Title>
      {settings.isPending && <Loader aria-label={t('common.loading')} />}
      {settings.isError && (
        <Alert color="red" role="alert">
          {t('errors.generic')}
        </Alert>
      )}
      {settings.data && <TrialDurationForm initial={settings.data.trialDurationDays} />}
    </Stack>
  );
}

function TrialDurationForm({ initial }: { initial: number }) {
  const { t } = useTranslation();
  const update = useUpdateSettings();
  const [days, setDays] = useState<string | number>(initial);
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = SettingsSchema.safeParse({
      trialDurationDays: typeof days === 'number' ? days : Number.NaN,
    });
    if (!parsed.success)
      return setProblem(t('settings.trialDurationInvalid', { min: TRIAL_DAYS_MIN, max: TRIAL_DAYS_MAX }));
    setProblem(null);
    update.mutate(parsed.data, {
      onSuccess: () => notify({ color: 'green', message: t('settings.updated') }),
      onError: () => notify({ color: 'red', message: t('settings.updateFailed') }),
    });
  };

  return (
    <Card withBorder component="form" onSubmit={onSubmit} noValidate>
      <Stack>
        <NumberInput
          label={t('settings.trialDuration')}
          description={t('settings.trialDurationHint', { min: TRIAL_DAYS_MIN, max: TRIAL_DAYS_MAX })}
          value={days}
          onChange={setDays}
          min={TRIAL_DAYS_MIN}
          max={TRIAL_DAYS_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          error={problem}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
