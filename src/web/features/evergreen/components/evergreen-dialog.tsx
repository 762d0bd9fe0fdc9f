import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NumberInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Evergreen,
  EVERGREEN_VARIANTS_MAX,
  EvergreenWriteSchema,
  REFUSE_SAME_TEXT,
} from '../../../../shared/api/evergreen.schemas';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import type { Platform } from '../../../../shared/platforms/rules';
import { zonedParts, zonedTimeToInstant } from '../../../../shared/time/zoned-day';
import { checkText, problemText } from '../../../components/post-form/composer-checks';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useTimeZone } from '../../../lib/time-zone';
import { useSaveEvergreen } from '../api/save-evergreen';
import { useStopEvergreen } from '../api/stop-evergreen';

type Fields = Record<string, string | undefined>;

/** The day an instant falls on in `zone`, as a date input shows it (YYYY-MM-DD). */
const dayOf = (iso: string, zone: string) => {
  const { year, month, day } = zonedParts(new Date(iso), zone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};
/** The end of a day (YYYY-MM-DD) in `zone`: "until" includes that day. */
const endOf = (date: string, zone: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return zonedTimeToInstant(year, month, day, 23, 59, zone).toISOString();
};

/** One variant's words: how many characters are left on the tightest network, and what each refuses. */
function VariantCheck({ text, platforms }: { text: string; platforms: Platform[] }) {
  const { t, i18n } = useTranslation();
  if (!platforms.length || !text.trim()) return null;
  const { remaining: tightest, problems } = checkText(text, platforms, []);
  if (!tightest) return null;
  return (
    <Stack gap={2}>
      <Text size="xs" c={tightest.left < 0 ? 'red.9' : 'dimmed'}>
        {t('evergreen.charsLeft', { n: tightest.left, network: PLATFORM_NAMES[tightest.platform] })}
      </Text>
      {problems.map((p) => (
        <Text key={`${p.platform}:${p.code}`} size="xs" c="red.9" role="alert">
          {problemText(t, i18n.language, p)}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * Make a post evergreen, or change how: every how many days it returns, at most how many times or until
 * when, and the other texts it takes in turn. X and LinkedIn are told apart: without a variant they are left
 * out of each return (they refuse the text they had last).
 */
export function EvergreenDialog({
  postId,
  platforms,
  evergreen,
  onClose,
}: {
  postId: string;
  platforms: Platform[];
  evergreen: Evergreen | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const zone = useTimeZone();
  const save = useSaveEvergreen();
  const stop = useStopEvergreen();
  const [everyDays, setEveryDays] = useState<number | string>(evergreen?.everyDays ?? 30);
  const [limited, setLimited] = useState(evergreen?.maxTimes != null);
  const [maxTimes, setMaxTimes] = useState<number | string>(evergreen?.maxTimes ?? 5);
  const [until, setUntil] = useState(evergreen?.until ? dayOf(evergreen.until, zone) : '');
  const [variants, setVariants] = useState<string[]>(evergreen?.variants ?? []);
  const [fields, setFields] = useState<Fields>({});
  const field = (name: string) => (fields[name] ? t(fields[name]) : undefined);
  const refusing = platforms.filter((p) => (REFUSE_SAME_TEXT as readonly string[]).includes(p));

  const submit = () => {
    const body = {
      everyDays: Number(everyDays),
      maxTimes: limited ? Number(maxTimes) : null,
      until: until ? endOf(until, zone) : null,
      variants,
      paused: evergreen?.paused ?? false,
    };
    const checked = EvergreenWriteSchema.safeParse(body);
    if (!checked.success) {
      setFields(Object.fromEntries(checked.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setFields({});
    save.mutate(
      { postId, body },
      {
        onSuccess: () => {
          notify({ color: 'green', message: t(evergreen ? 'evergreen.saved' : 'evergreen.made') });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.fields) setFields(error.fields);
          else notify({ color: 'red', message: errorMessage(t, error) });
        },
      },
    );
  };
  const onStop = () =>
    stop.mutate(postId, {
      onSuccess: () => {
        notify({ color: 'green', message: t('evergreen.stopped') });
        onClose();
      },
      onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
    });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('evergreen.dialogTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {t('evergreen.dialogIntro')}
        </Text>
        <NumberInput
          label={t('evergreen.everyDaysLabel')}
          description={t('evergreen.everyDaysHelp')}
          value={everyDays}
          onChange={setEveryDays}
          min={1}
          max={365}
          allowDecimal={false}
          error={field('everyDays')}
          data-autofocus
        />
        <Group align="flex-end" wrap="wrap">
          <Switch
            label={t('evergreen.limitTimes')}
            checked={limited}
            onChange={(event) => setLimited(event.currentTarget.checked)}
          />
          {limited && (
            <NumberInput
              aria-label={t('evergreen.maxTimesLabel')}
              value={maxTimes}
              onChange={setMaxTimes}
              min={1}
              max={1000}
              allowDecimal={false}
              error={field('maxTimes')}
              w={120}
            />
          )}
        </Group>
        <TextInput
          type="date"
          label={t('evergreen.untilLabel')}
          description={t('evergreen.untilHelp')}
          value={until}
          onChange={(event) => setUntil(event.currentTarget.value)}
          error={field('until')}
          w={{ base: '100%', xs: 260 }}
        />
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('evergreen.variantsLabel')}
          </Text>
          <Text size="xs" c="dimmed">
            {refusing.length
              ? t('evergreen.variantsHelpRefusing', {
                  networks: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
                    refusing.map((p) => PLATFORM_NAMES[p]),
                  ),
                })
              : t('evergreen.variantsHelp')}
          </Text>
          {variants.map((variant, i) => (
            <Group key={i} align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ flex: 1 }}>
                <Textarea
                  aria-label={t('evergreen.variantLabel', { n: i + 1 })}
                  placeholder={t('evergreen.variantPlaceholder')}
                  value={variant}
                  onChange={(event) => {
                    const text = event.currentTarget.value;
                    setVariants((list) => list.map((v, j) => (j === i ? text : v)));
                    setFields((f) => ({ ...f, [`variants.${i}`]: undefined }));
                  }}
                  error={field(`variants.${i}`)}
                  autosize
                  minRows={2}
                  maxRows={8}
                />
                <VariantCheck text={variant} platforms={platforms} />
              </Stack>
              <ActionIcon
                variant="subtle"
                color="red"
                mt={6}
                aria-label={t('evergreen.removeVariant', { n: i + 1 })}
                onClick={() => {
                  setVariants((list) => list.filter((_, j) => j !== i));
                  setFields({});
                }}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          {variants.length < EVERGREEN_VARIANTS_MAX && (
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => setVariants((list) => [...list, ''])}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('evergreen.addVariant')}
            </Button>
          )}
        </Stack>
        <Group justify="space-between" wrap="wrap">
          {evergreen ? (
            <Button variant="subtle" color="red.9" onClick={onStop} loading={stop.isPending}>
              {t('evergreen.stop')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button onClick={submit} loading={save.isPending}>
              {t(evergreen ? 'common.save' : 'evergreen.make')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
