import { ActionIcon, Button, Group, Popover, Stack, Text, Textarea } from '@mantine/core';
import { IconAlt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The most the server keeps for one image's alternative text. */
export const ALT_MAX = 1000;

/**
 * An image thumbnail's "Alt text" action: a small popover with the description networks show to people
 * who cannot see the image. Saved to the draft on Save; Cancel or a click outside keeps the old text.
 */
export function AltTextEditor({
  fileName,
  value,
  onChange,
}: {
  fileName: string;
  value: string;
  onChange: (alt: string) => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState(value);
  const open = () => {
    setText(value);
    setOpened(true);
  };
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      withinPortal
      position="bottom"
      width={300}
      shadow="md"
      withArrow
    >
      <Popover.Target>
        <ActionIcon
          size="sm"
          variant={value ? 'filled' : 'subtle'}
          aria-label={t('media.altFor', { file: fileName })}
          title={value ? t('media.altSet') : t('media.alt')}
          onClick={() => (opened ? setOpened(false) : open())}
        >
          <IconAlt size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onChange(text.trim());
            setOpened(false);
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={t('media.altFor', { file: fileName })}
              description={t('media.altHint')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              maxLength={ALT_MAX}
              autosize
              minRows={3}
              maxRows={8}
              data-autofocus
            />
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                {t('media.altCount', { n: text.length, max: ALT_MAX })}
              </Text>
              <Group gap="xs">
                <Button size="xs" variant="default" onClick={() => setOpened(false)}>
                  {t('common.cancel')}
                </Button>
                <Button size="xs" type="submit">
                  {t('common.save')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
