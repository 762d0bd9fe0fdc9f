import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, MultiSelect, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  TEMPLATE_CATEGORIES,
  TEMPLATE_CONTENT_MAX,
  TEMPLATE_INDUSTRIES,
  TEMPLATE_NAME_MAX,
  TEMPLATE_PLACEHOLDERS,
  type Template,
  type TemplateWrite,
  TemplateWriteSchema,
} from '../../../../shared/api/templates.schemas';
import { PLATFORMS } from '../../../../shared/platforms/rules';
import { applyFieldErrors, errorMessage, fieldError } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useSaveTemplate } from '../api/save-template';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';

type Values = {
  name: string;
  description: string;
  category: string;
  industry: string | null;
  platforms: string[];
  content: string;
};

/** Create or edit a template; creating one switches the dialog to its category. */
export function TemplateForm({
  template,
  onClose,
  onSaved,
}: {
  template?: Template;
  onClose: () => void;
  onSaved: (t: Template) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTemplate();
  const form = useForm<Values>({
    // The form holds '' for a category not chosen yet, which the schema then names; hence the cast.
    resolver: zodResolver(TemplateWriteSchema) as never,
    defaultValues: {
      name: template?.name ?? '',
      description: template?.description ?? '',
      category: template?.category ?? '',
      industry: template?.industry ?? null,
      platforms: template?.platforms ?? [],
      content: template?.content ?? '',
    },
  });
  const errors = form.formState.errors;
  const insertPlaceholder = (name: string) =>
    form.setValue('content', `${form.getValues('content')}{{${name}}}`);

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: template?.id, body: values as TemplateWrite },
      {
        onSuccess: (saved) => {
          notify({ color: 'green', message: t(template ? 'templates.updated' : 'templates.created') });
          onSaved(saved);
        },
        onError: (error) =>
          applyFieldErrors(error, form.setError) || notify({ color: 'red', message: errorMessage(t, error) }),
      },
    ),
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(template ? 'templates.editTitle' : 'templates.createTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('templates.name')}
            {...form.register('name')}
            error={fieldError(t, errors, 'name', { max: TEMPLATE_NAME_MAX })}
          />
          <TextInput
            label={t('templates.description')}
            {...form.register('description')}
            error={fieldError(t, errors, 'description')}
          />
          <Group grow>
            <Controller
              control={form.control}
              name="category"
              render={({ field }) => (
                <Select
                  label={t('templates.category')}
                  data={TEMPLATE_CATEGORIES.map((c) => ({ value: c, label: t(`templates.categories.${c}`) }))}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  error={fieldError(t, errors, 'category')}
                />
              )}
            />
            <Controller
              control={form.control}
              name="industry"
              render={({ field }) => (
                <Select
                  label={t('templates.industry')}
                  data={TEMPLATE_INDUSTRIES.map((i) => ({ value: i, label: t(`templates.industries.${i}`) }))}
                  value={field.value}
                  onChange={field.onChange}
                  clearable
                />
              )}
            />
          </Group>
          <Controller
            control={form.control}
            name="platforms"
            render={({ field }) => (
              <MultiSelect
                label={t('templates.platforms')}
                data={PLATFORMS.map((p) => ({ value: p, label: PLATFORM_NAMES[p] }))}
                value={field.value}
                onChange={field.onChange}
                error={fieldError(t, errors, 'platforms')}
              />
            )}
          />
          <Textarea
            label={t('templates.content')}
            autosize
            minRows={4}
            {...form.register('content')}
            error={fieldError(t, errors, 'content', { max: TEMPLATE_CONTENT_MAX })}
          />
          <Select
            label={t('templates.insertVariable')}
            placeholder={t('templates.insertVariable')}
            data={TEMPLATE_PLACEHOLDERS.map((p) => ({ value: p, label: t(`templates.placeholders.${p}`) }))}
            value={null}
            onChange={(v) => v && insertPlaceholder(v)}
          />
        </Stack>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
