import {
  ActionIcon,
  Badge,
  Button,
  Chip,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HASHTAG_MAX } from '../../../../shared/api/hashtags.schemas';
import { HASHTAG_CATEGORY_NAMES, type HashtagCategory, normaliseTag } from '../../../../shared/hashtags';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useAddCustomHashtag, useRemoveCustomHashtag } from '../api/custom-hashtags';
import { useHashtagSuggestions } from '../api/get-hashtag-suggestions';
import { useHashtags } from '../api/get-hashtags';
import { useTouchRecentHashtag } from '../api/use-hashtag';

const TAG_NOTICE_MS = 1500;

/**
 * Add Hashtags: suggestions by keyword (or, with none, from the post's own words), the workspace's own
 * tags and the built-in popular ones per category, the tags of its best-performing posts, recently used.
 */
export function HashtagDialog({
  text,
  onInsert,
  onClose,
}: {
  /** The post as plain text. */
  text: string;
  onInsert: (text: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const state = useHashtags();
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword, 250);
  const suggestions = useHashtagSuggestions(debounced, text);
  const [custom, setCustom] = useState('');
  const [customCategory, setCustomCategory] = useState<string | null>(null);
  const [category, setCategory] = useState<HashtagCategory>('business');
  const addCustom = useAddCustomHashtag();
  const removeCustom = useRemoveCustomHashtag();
  const touch = useTouchRecentHashtag();

  const use = (tag: string) => {
    onInsert(`#${tag} `);
    touch.mutate(tag);
    notify({ color: 'green', message: t('hashtags.addedToPost', { tag }), autoClose: TAG_NOTICE_MS });
  };

  const submitCustom = () => {
    const tag = normaliseTag(custom);
    if (!tag || !customCategory) return;
    addCustom.mutate(
      { tag, category: customCategory },
      {
        onSuccess: () => {
          setCustom('');
          notify({
            color: 'green',
            message: t('hashtags.addedToCategory', {
              tag,
              category: t(`hashtags.categories.${customCategory}`),
            }),
            autoClose: TAG_NOTICE_MS,
          });
        },
        onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
      },
    );
  };

  const customTags = state.data?.custom[category] ?? [];
  const builtIn = (state.data?.categories[category] ?? []).slice(0, 5);
  const categoryOptions = HASHTAG_CATEGORY_NAMES.map((c) => ({
    value: c,
    label: t(`hashtags.categories.${c}`),
  }));
  const tagChip = (tag: string) => (
    <Chip key={tag} checked={false} onChange={() => use(tag)} size="sm">
      #{tag}
    </Chip>
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('hashtags.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ content: { minWidth: 400 } }}
      size="lg"
      centered
    >
      <Stack>
        <TextInput
          label={t('hashtags.keywords')}
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
        />
        {suggestions.data && suggestions.data.length > 0 ? (
          <div>
            <Title order={3} size="h6" mb={4}>
              {t(debounced.trim() ? 'hashtags.suggestions' : 'hashtags.fromPost')}
            </Title>
            <Group gap={6}>{suggestions.data.map(tagChip)}</Group>
          </div>
        ) : (
          debounced.trim() &&
          suggestions.isSuccess && (
            <Text size="sm" c="dimmed" role="status">
              {t('hashtags.noSuggestions', { keyword: debounced.trim() })}
            </Text>
          )
        )}
        {state.data?.popular.length ? (
          <div>
            <Title order={3} size="h6" mb={4}>
              {t('hashtags.bestPosts')}
            </Title>
            <Group gap={6}>{state.data.popular.map(tagChip)}</Group>
          </div>
        ) : null}
        <Group align="flex-end" gap="xs">
          <TextInput
            label={t('hashtags.custom')}
            value={custom}
            maxLength={HASHTAG_MAX}
            onChange={(e) => setCustom(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                submitCustom();
              }
            }}
            style={{ flex: 1 }}
          />
          <Select
            label={t('hashtags.category')}
            data={categoryOptions}
            value={customCategory}
            onChange={setCustomCategory}
            w={150}
            comboboxProps={{ withinPortal: true }}
          />
          <ActionIcon
            size="lg"
            aria-label={t('hashtags.add')}
            disabled={!normaliseTag(custom) || !customCategory}
            loading={addCustom.isPending}
            onClick={submitCustom}
          >
            <IconPlus size={18} />
          </ActionIcon>
        </Group>
        <div>
          <Title order={3} size="h6" mb={4}>
            {t('hashtags.categoriesTitle')}
          </Title>
          <Group gap={6}>
            {HASHTAG_CATEGORY_NAMES.map((c) => (
              <Button
                key={c}
                size="xs"
                variant={c === category ? 'filled' : 'light'}
                onClick={() => setCategory(c)}
              >
                {t(`hashtags.categories.${c}`)}
              </Button>
            ))}
          </Group>
        </div>
        <div>
          <Title order={3} size="h6" mb={4}>
            {t('hashtags.popularIn', { category: t(`hashtags.categories.${category}`) })}
          </Title>
          <Group gap={6}>{builtIn.map(tagChip)}</Group>
        </div>
        <div>
          <Group gap="xs" mb={4}>
            <Title order={3} size="h6">
              {t('hashtags.yoursIn', { category: t(`hashtags.categories.${category}`) })}
            </Title>
            <Badge
              size="sm"
              variant="light"
              aria-label={t('hashtags.customCount', { count: customTags.length })}
            >
              {customTags.length}
            </Badge>
          </Group>
          {customTags.length ? (
            <Group gap={6}>
              {customTags.map((tag) => (
                <Group key={tag} gap={0}>
                  {tagChip(tag)}
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="red"
                    aria-label={t('hashtags.removeCustom', { tag })}
                    onClick={() =>
                      removeCustom.mutate(
                        { tag, category: category },
                        {
                          onSuccess: () =>
                            notify({
                              color: 'red',
                              message: t('hashtags.removed', { tag }),
                              autoClose: TAG_NOTICE_MS,
                            }),
                        },
                      )
                    }
                  >
                    <IconX size={12} />
                  </ActionIcon>
                </Group>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('hashtags.noneYours')}
            </Text>
          )}
        </div>
        <div>
          <Title order={3} size="h6" mb={4}>
            {t('hashtags.recent')}
          </Title>
          {state.data?.recent.length ? (
            <Group gap={6}>{state.data.recent.map(tagChip)}</Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('hashtags.noRecent')}
            </Text>
          )}
        </div>
      </Stack>
    </Modal>
  );
}
