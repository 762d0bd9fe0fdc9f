import {
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Feed,
  FEED_DEFAULT_TEMPLATE,
  FEED_INTERVALS,
  FEED_MODES,
  FEED_PLACEHOLDERS,
  type FeedMode,
  FeedWriteSchema,
} from '../../../../shared/api/feeds.schemas';
import type { Platform } from '../../../../shared/platforms/rules';
import { AccountChooser } from '../../../components/post-form/account-chooser';
import { PlatformSelector } from '../../../components/post-form/platform-selector';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useSaveFeed } from '../api/save-feed';

type Fields = Partial<Record<'url' | 'platforms' | 'accounts' | 'template', string>>;

/** "Every hour", "Every 15 minutes", "Every day": a feed's reading interval in words. */
export const intervalText = (t: TFunction, minutes: number) =>
  minutes % 1440 === 0
    ? t('feeds.everyDays', { count: minutes / 1440 })
    : minutes % 60 === 0
      ? t('feeds.everyHours', { count: minutes / 60 })
      : t('feeds.everyMinutes', { count: minutes });

/** Add a feed, or change one: its address, networks and accounts, what its items become, its template. */
export function FeedDialog({
  feed,
  ai,
  onClose,
}: {
  feed: Feed | null;
  /** Whether a model is configured: each item may then be rewritten by it. */
  ai: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveFeed();
  const [url, setUrl] = useState(feed?.url ?? '');
  const [platforms, setPlatforms] = useState<Platform[]>(feed?.platforms ?? []);
  const [accounts, setAccounts] = useState<string[]>(feed?.accounts ?? []);
  const [mode, setMode] = useState<FeedMode>(feed?.mode ?? 'queue');
  const [template, setTemplate] = useState(feed?.template ?? FEED_DEFAULT_TEMPLATE);
  const [interval, setInterval] = useState(String(feed?.intervalMinutes ?? 60));
  const [rewrite, setRewrite] = useState(feed?.rewrite ?? false);
  const [fields, setFields] = useState<Fields>({});

  const submit = () => {
    const body = {
      url,
      platforms,
      accounts,
      mode,
      template,
      intervalMinutes: Number(interval),
      paused: feed?.paused ?? false,
      rewrite: ai && rewrite,
    };
    const checked = FeedWriteSchema.safeParse(body);
    if (!checked.success) {
      setFields(
        Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setFields({});
    save.mutate(
      { id: feed?.id, body },
      {
        onSuccess: () => {
          notify({ color: 'green', message: t(feed ? 'feeds.saved' : 'feeds.added') });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.fields) setFields(error.fields as Fields);
          else notify({ color: 'red', message: errorMessage(t, error) });
        },
      },
    );
  };
  const field = (name: keyof Fields) => (fields[name] ? t(fields[name]) : undefined);
  /** A field's error goes once the field is changed. */
  const clear = (name: keyof Fields) => setFields((f) => ({ ...f, [name]: undefined }));

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(feed ? 'feeds.edit' : 'feeds.add')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        <TextInput
          label={t('feeds.url')}
          description={t('feeds.urlHelp')}
          placeholder="https://blog.example.com/feed.xml"
          value={url}
          onChange={(event) => {
            setUrl(event.currentTarget.value);
            clear('url');
          }}
          error={field('url')}
          required
          data-autofocus
        />
        <div>
          <PlatformSelector
            value={platforms}
            onChange={(next) => {
              setPlatforms(next);
              clear('platforms');
            }}
          />
          {field('platforms') && (
            <Text size="sm" c="red.8" mt={4} role="alert">
              {field('platforms')}
            </Text>
          )}
        </div>
        <AccountChooser platforms={platforms} value={accounts} onChange={setAccounts} />
        {field('accounts') && (
          <Text size="sm" c="red.8" role="alert">
            {field('accounts')}
          </Text>
        )}
        <div>
          <Text fw={500} size="sm" mb={6} id="feed-mode-label">
            {t('feeds.mode')}
          </Text>
          <SegmentedControl
            aria-labelledby="feed-mode-label"
            value={mode}
            onChange={(value) => setMode(value as FeedMode)}
            data={FEED_MODES.map((value) => ({ value, label: t(`feeds.modes.${value}`) }))}
            fullWidth
          />
          <Text size="xs" c="dimmed" mt={4}>
            {t(`feeds.modeHelp.${mode}`)}
          </Text>
        </div>
        <Textarea
          label={t('feeds.template')}
          description={t('feeds.templateHelp', {
            placeholders: FEED_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', '),
            interpolation: { escapeValue: false },
          })}
          value={template}
          onChange={(event) => {
            setTemplate(event.currentTarget.value);
            clear('template');
          }}
          error={field('template')}
          autosize
          minRows={2}
          maxRows={6}
        />
        {ai && (
          <Checkbox
            label={t('feeds.rewrite')}
            description={t('feeds.rewriteHelp')}
            checked={rewrite}
            onChange={(event) => setRewrite(event.currentTarget.checked)}
          />
        )}
        <Select
          label={t('feeds.interval')}
          value={interval}
          onChange={(value) => value && setInterval(value)}
          allowDeselect={false}
          data={FEED_INTERVALS.map((minutes) => ({
            value: String(minutes),
            label: intervalText(t, minutes),
          }))}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t(feed ? 'common.save' : 'feeds.addButton')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
