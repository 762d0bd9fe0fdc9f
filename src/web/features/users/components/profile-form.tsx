import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type Profile,
  type UpdateProfileBody,
  UpdateProfileBodySchema,
} from '../../../../shared/api/users.schemas';
import { ZoneSelect } from '../../../components/zone-select';
import { applyFieldErrors, errorMessage, fieldError } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { browserTimeZone, zoneOptions } from '../../../lib/time-zone';
import { useUpdateProfile } from '../api/update-profile';

/** Display name and time zone; the zone starts as the profile's, else the browser's. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateProfile();
  const initialZone = profile.timeZone ?? browserTimeZone();
  const form = useForm<UpdateProfileBody>({
    resolver: zodResolver(UpdateProfileBodySchema),
    defaultValues: { displayName: profile.displayName, timeZone: initialZone },
  });
  const options = useMemo(() => zoneOptions(initialZone, i18n.language), [initialZone, i18n.language]);
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        form.reset({ displayName: saved.displayName, timeZone: saved.timeZone ?? values.timeZone });
        notify({ color: 'green', message: t('profile.saved') });
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError);
        notify({ color: 'red', message: errorMessage(t, error, 'profile.saveFailed') });
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t('profile.displayName')}
          autoComplete="name"
          {...form.register('displayName')}
          error={fieldError(t, errors, 'displayName')}
        />
        <Controller
          control={form.control}
          name="timeZone"
          render={({ field }) => (
            <ZoneSelect
              label={t('profile.timeZone')}
              description={
                profile.timeZone
                  ? t('profile.timeZoneHelp')
                  : t('profile.timeZoneBrowser', { zone: browserTimeZone() })
              }
              options={options}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldError(t, errors, 'timeZone')}
            />
          )}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
