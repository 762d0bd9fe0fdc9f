import { Button, Checkbox, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import { PLATFORMS, type Platform } from '../../../../shared/platforms/rules';
import {
  REVIEW_LINK_DAYS,
  REVIEW_LINK_DAYS_MAX,
  type ReviewLinkMade,
} from '../../../../shared/api/review-links.schemas';
import { CopyableSecret } from '../../../components/copyable-secret';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { fromZonedWallClock, useTimeZone, zonedDayKey } from '../../../lib/time-zone';
import { useCan } from '../../../lib/workspace-role';
import { useCreateReviewLink } from '../api/create-review-link';

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) => {
  const at = new Date(`${day}T12:00:00Z`);
  return new Date(at.getTime() + n * DAY_MS).toISOString().slice(0, 10);
};

/** The link just made, to copy: shown once, with whom it lets in and until when. */
function MadeLink({ made, onClose }: { made: ReviewLinkMade; onClose: () => void }) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  return (
    <Stack>
      <Text size="sm">
        {t('reviewLinks.madeHelp', {
          count: made.postCount,
          date: formatDateTime(made.expiresAt, { timeZone: zone }),
        })}
      </Text>
      <CopyableSecret
        value={made.link}
        label={t('reviewLinks.link')}
        copyLabel={t('reviewLinks.copy')}
        copiedLabel={t('reviewLinks.copied')}
        testId="review-link"
      />
      <Text size="xs" c="dimmed">
        {t('reviewLinks.onceHelp')}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onClose}>{t('reviewLinks.done')}</Button>
      </Group>
    </Stack>
  );
}

/**
 * Making a client review link: for `postIds` when given (a post's details), else for what is scheduled
 * in a range of days on chosen networks; a name, and how many days it works. Then the link, to copy.
 */
export function CreateReviewLinkModal({ postIds, onClose }: { postIds?: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const create = useCreateReviewLink();
  const today = zonedDayKey(new Date(), zone);
  const [range, setRange] = useState<[string | null, string | null]>([today, addDays(today, 6)]);
  const [platforms, setPlatforms] = useState<Platform[]>([...PLATFORMS]);
  const [label, setLabel] = useState('');
  const [days, setDays] = useState<number | string>(REVIEW_LINK_DAYS);
  const [made, setMade] = useState<ReviewLinkMade | null>(null);
  const [rangeError, setRangeError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const expiresInDays = Number(days) || REVIEW_LINK_DAYS;
    let chosen: object;
    if (postIds) chosen = { postIds };
    else {
      const [first, last] = range;
      if (!first || !last) return setRangeError(t('reviewLinks.rangeInvalid'));
      if (!platforms.length) return setRangeError(t('reviewLinks.networksRequired'));
      setRangeError(undefined);
      chosen = {
        from: fromZonedWallClock(first, zone).toISOString(),
        to: fromZonedWallClock(addDays(last, 1), zone).toISOString(),
        ...(platforms.length < PLATFORMS.length ? { platforms } : {}),
      };
    }
    create.mutate(
      { ...chosen, label, expiresInDays },
      {
        onSuccess: setMade,
        onError: (error) => notify({ color: 'red', message: errorMessage(t, error, 'reviewLinks.failed') }),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={made ? t('reviewLinks.madeTitle') : t('reviewLinks.makeTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="lg"
    >
      {made ? (
        <MadeLink made={made} onClose={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">{postIds ? t('reviewLinks.makeOneHelp') : t('reviewLinks.makeHelp')}</Text>
            {!postIds && (
              <>
                <DatePickerInput
                  type="range"
                  label={t('reviewLinks.days')}
                  value={range}
                  onChange={(value) => setRange(value as [string | null, string | null])}
                  valueFormat="ll"
                  error={rangeError}
                />
                <Checkbox.Group
                  label={t('reviewLinks.networks')}
                  value={platforms}
                  onChange={(value) => setPlatforms(value as Platform[])}
                >
                  <Group gap="md" mt={6}>
                    {PLATFORMS.map((platform) => (
                      <Checkbox key={platform} value={platform} label={PLATFORM_NAMES[platform]} />
                    ))}
                  </Group>
                </Checkbox.Group>
              </>
            )}
            <TextInput
              label={t('reviewLinks.label')}
              description={t('reviewLinks.labelHelp')}
              maxLength={100}
              value={label}
              onChange={(event) => setLabel(event.currentTarget.value)}
            />
            <NumberInput
              label={t('reviewLinks.expiresIn')}
              min={1}
              max={REVIEW_LINK_DAYS_MAX}
              clampBehavior="strict"
              allowDecimal={false}
              value={days}
              onChange={setDays}
              w={200}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('reviewLinks.make')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** Share for review: a button that opens the making of a link (for `postIds`, or a range). */
export function ShareForReviewButton({
  postIds,
  size = 'sm',
  variant = 'default',
}: {
  postIds?: string[];
  size?: string;
  variant?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!useCan('reviewLinks')) return null;
  return (
    <>
      <Button size={size} variant={variant} onClick={() => setOpen(true)}>
        {t('reviewLinks.share')}
      </Button>
      {open && <CreateReviewLinkModal postIds={postIds} onClose={() => setOpen(false)} />}
    </>
  );
}
