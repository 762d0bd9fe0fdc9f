import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type CreatedWebhook,
  type CreateWebhookWrite,
  CreateWebhookBodySchema,
  WEBHOOK_EVENTS,
} from '../../../../shared/api/webhooks.schemas';
import { canManageUsers } from '../../../../shared/roles';
import { ApiRequestError } from '../../../lib/api-client';
import { applyFieldErrors, errorMessage, fieldError } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { CopyableSecret } from '../../../components/copyable-secret';
import { useProfile } from '../../../lib/session';
import { useCreateWebhook } from '../api/create-webhook';

/**
 * A new endpoint: its URL and the events it receives (an administrator may have it receive every user's);
 * then its signing secret, this once, with how a receiver checks a delivery.
 */
export function CreateWebhookDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const create = useCreateWebhook();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const form = useForm<CreateWebhookWrite>({
    resolver: zodResolver(CreateWebhookBodySchema),
    defaultValues: { url: '', events: [...WEBHOOK_EVENTS], scope: 'own' },
  });
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: setCreated,
      onError: (error) => {
        if (applyFieldErrors(error, form.setError)) return;
        const tooMany = error instanceof ApiRequestError && error.code === 'TOO_MANY_WEBHOOKS';
        notify({
          color: 'red',
          message: tooMany
            ? t('webhooks.tooMany', error.params)
            : errorMessage(t, error, 'webhooks.createFailed'),
        });
      },
    }),
  );

  return (
    <Modal
      opened
      onClose={onClose}
      centered
      size="lg"
      title={created ? t('webhooks.createdTitle') : t('webhooks.add')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      // Clicking beside the dialog must not lose a secret that is shown only once.
      closeOnClickOutside={!created}
    >
      {created ? (
        <Stack>
          <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {t('webhooks.showOnce')}
          </Alert>
          <CopyableSecret
            value={created.secret}
            label={t('webhooks.secret')}
            copyLabel={t('webhooks.copy')}
            copiedLabel={t('webhooks.copied')}
            testId="webhook-secret"
          />
          <Text size="sm">{t('webhooks.verifyHelp')}</Text>
          <Code block dir="ltr" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {'Postwell-Signature: t=<timestamp>,v1=<HMAC-SHA256(secret, "<timestamp>.<body>")>'}
          </Code>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('webhooks.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t('webhooks.url')}
              description={t('webhooks.urlHelp')}
              placeholder="https://example.com/hooks/postwell"
              dir="ltr"
              data-autofocus
              {...form.register('url')}
              error={fieldError(t, form.formState.errors, 'url')}
            />
            <Controller
              control={form.control}
              name="events"
              render={({ field }) => (
                <Checkbox.Group
                  label={t('webhooks.eventsLabel')}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldError(t, form.formState.errors, 'events')}
                >
                  <Stack gap={6} mt={6}>
                    {WEBHOOK_EVENTS.map((event) => (
                      <Checkbox
                        key={event}
                        value={event}
                        label={t(`webhooks.events.${event}`)}
                        description={t(`webhooks.eventHelp.${event}`)}
                      />
                    ))}
                  </Stack>
                </Checkbox.Group>
              )}
            />
            {profile && canManageUsers(profile.role) && (
              <Controller
                control={form.control}
                name="scope"
                render={({ field }) => (
                  <Checkbox
                    checked={field.value === 'all'}
                    onChange={(event) => field.onChange(event.currentTarget.checked ? 'all' : 'own')}
                    label={t('webhooks.scopeAll')}
                    description={t('webhooks.scopeAllHelp')}
                  />
                )}
              />
            )}
          </Stack>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('webhooks.create')}
            </Button>
          </Group>
        </form>
      )}
    </Modal>
  );
}
