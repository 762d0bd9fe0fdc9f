import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Center, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type TrialRequestBody, TrialRequestBodySchema } from '../../../../shared/api/trials.schemas';
import { applyFieldErrors, errorMessage, fieldError } from '../../../lib/error-message';
import { useCreateTrialRequest } from '../api/create-trial';

export function TrialPage() {
  const { t } = useTranslation();
  const request = useCreateTrialRequest();
  const form = useForm<TrialRequestBody>({
    resolver: zodResolver(TrialRequestBodySchema),
    defaultValues: { name: '', email: '', company: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    request.mutate(values, { onError: (error) => applyFieldErrors(error, form.setError) }),
  );
  const closeDialog = () => {
    request.reset();
    form.reset();
  };

  return (
    <Center py="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={480}>
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <Title order={1} size="h2">
              {t('trial.title')}
            </Title>
            <Text c="dimmed">{t('trial.intro')}</Text>
            {request.isError && (
              <Alert color="red" role="alert">
                {errorMessage(t, request.error)}
              </Alert>
            )}
            <TextInput
              label={t('trial.name')}
              autoComplete="name"
              withAsterisk
              {...form.register('name')}
              error={fieldError(t, form.formState.errors, 'name')}
            />
            <TextInput
              label={t('trial.email')}
              type="email"
              autoComplete="email"
              withAsterisk
              {...form.register('email')}
              error={fieldError(t, form.formState.errors, 'email')}
            />
            <TextInput
              label={t('trial.company')}
              autoComplete="organization"
              {...form.register('company')}
              error={fieldError(t, form.formState.errors, 'company')}
            />
            <Button type="submit" loading={request.isPending}>
              {t('trial.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
      <Modal
        opened={request.isSuccess}
        onClose={closeDialog}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        title={t('trial.successTitle')}
        centered
      >
        <Stack>
          <Text>
            {request.data?.status === 'already_requested'
              ? t('trial.alreadyRequested')
              : t('trial.successMessage')}
          </Text>
          <Group justify="flex-end">
            <Button onClick={closeDialog}>{t('trial.ok')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Center>
  );
}
