import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import DOMPurify from 'dompurify';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_CATEGORIES, type Template } from '../../../../shared/api/templates.schemas';
import { ConfirmDeleteDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useDeleteTemplate } from '../api/delete-template';
import { useTemplates } from '../api/get-templates';
import { PlatformIcon } from '../../../components/platform-icon';
import { TemplateForm } from './template-form';

type Category = (typeof TEMPLATE_CATEGORIES)[number];
type Editing = { template?: Template } | null;

const uniqueById = (list: Template[]) => [...new Map(list.map((tpl) => [tpl.id, tpl])).values()];

/** Make Templates: the four category tabs, cards to use, edit or delete, and a form to create one. */
export function TemplatesDialog({
  onUse,
  onClose,
}: {
  onUse: (template: Template) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteTemplate();
  const [tab, setTab] = useState<Category>('Promotions');
  const templates = useTemplates(tab);
  // A template created elsewhere between two pages moves the offsets: one read twice is shown once.
  const items = uniqueById(templates.data?.pages.flatMap((page) => page.data) ?? []);
  const total = templates.data?.pages.at(-1)?.total ?? 0;
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Template | null>(null);

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen
      title={t('templates.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Group justify="space-between" mb="md">
        <Tabs value={tab} onChange={(v) => v && setTab(v as Category)}>
          <Tabs.List>
            {TEMPLATE_CATEGORIES.map((c) => (
              <Tabs.Tab key={c} value={c}>
                {t(`templates.categories.${c}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
          {t('templates.createTitle')}
        </Button>
      </Group>
      {templates.isPending && <Loader aria-label={t('common.loading')} />}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {items.map((tpl) => (
          <Card key={tpl.id} withBorder padding="md" role="article" aria-label={tpl.name}>
            <Group justify="space-between" mb={4}>
              <Text fw={600}>{tpl.name}</Text>
              <Group gap={2}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`${t('calendar.edit')}: ${tpl.name}`}
                  onClick={() => setEditing({ template: tpl })}
                >
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`${t('common.delete')}: ${tpl.name}`}
                  onClick={() => setDeleting(tpl)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
            {tpl.description && (
              <Text size="sm" c="dimmed">
                {tpl.description}
              </Text>
            )}
            <Text
              size="sm"
              my="xs"
              lineClamp={4}
              dangerouslySetInnerHTML={{
                __html: DOMPurify.sanitize(tpl.content, {
                  ALLOWED_TAGS: ['b', 'i', 'em', 'strong', 'p', 'br', 'ul', 'ol', 'li'],
                  ALLOWED_ATTR: [],
                }),
              }}
            />
            <Group justify="space-between">
              <Group gap={4}>
                {tpl.platforms.map((p) => (
                  <PlatformIcon key={p} platform={p} />
                ))}
                {tpl.industry && (
                  <Badge size="xs" variant="light">
                    {t(`templates.industries.${tpl.industry}`)}
                  </Badge>
                )}
              </Group>
              <Button size="xs" onClick={() => onUse(tpl)}>
                {t('templates.use')}
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      {templates.isError && !templates.data && (
        <Alert color="red" role="alert">
          {errorMessage(t, templates.error)}
        </Alert>
      )}
      {templates.data && items.length === 0 && <Text c="dimmed">{t('templates.none')}</Text>}
      {templates.hasNextPage && (
        <Stack align="center" gap={4} mt="md">
          <Text size="sm" c="dimmed">
            {t('templates.shown', { shown: items.length, total })}
          </Text>
          <Button
            variant="default"
            loading={templates.isFetchingNextPage}
            onClick={() => void templates.fetchNextPage()}
          >
            {t('templates.showMore')}
          </Button>
        </Stack>
      )}
      {editing && (
        <TemplateForm
          template={editing.template}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setTab(saved.category);
          }}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          message={t('templates.confirmDelete', { name: deleting.name })}
          loading={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notify({ color: 'green', message: t('templates.deleted') });
                setDeleting(null);
              },
              onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
            })
          }
        />
      )}
    </Modal>
  );
}
