import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  RangeSlider,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconPlayerPause, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ASPECT_RATIOS,
  CAPTION_POSITIONS,
  CAPTION_STYLES,
  type VideoEdits,
} from '../../../../shared/api/posts.schemas';
import type { Variables } from '../../../../shared/api/variables.schemas';
import { layoutVideo, nearestRatio } from '../../../../shared/video/layout';
import { useMediaCapabilities } from '../api/get-media-capabilities';
import type { EditVideoProps } from '../../../components/post-form/post-form-parts';
import { EditedVideoFrame, FILL_FRAME } from '../../../components/post-form/edited-video-frame';

type Caption = VideoEdits['captions'][number];
export const minutesSeconds = (s: number) => `${Math.floor(s / 60)}:${(s % 60).toFixed(1).padStart(4, '0')}`;
const newCaption = (): Caption => ({ text: '', position: 'bottom', style: 'light' });

/**
 * Edit Video: trim, frame and captions, on a copy that replaces the video's edits only on Done. The
 * captions are drawn with `variables` filled in; `variableControls` (the variables feature's, given by the
 * app) manage them and put one into the caption being written.
 */
export function EditVideoDialog({
  video,
  onDone,
  onClose,
  variables,
  variableControls,
}: EditVideoProps & {
  variables: Variables;
  variableControls?: (insert: (text: string) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const capabilities = useMediaCapabilities();
  const duration = Math.max(0.1, Math.round((video.durationSeconds ?? 0) * 10) / 10);
  const [edits, setEdits] = useState<VideoEdits>(() => ({
    trim: video.edits?.trim ?? { start: 0, end: duration },
    // Edits without a trim never went through this dialog: start on the video's own shape.
    aspectRatio: video.edits?.trim
      ? video.edits.aspectRatio
      : nearestRatio(video.width ?? 16, video.height ?? 9),
    captions: video.edits?.captions?.length ? video.edits.captions : [newCaption()],
  }));
  const [active, setActive] = useState(0);
  const player = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [at, setAt] = useState(0);
  const trim = edits.trim ?? { start: 0, end: duration };

  const setCaption = (index: number, change: Partial<Caption>) =>
    setEdits((e) => ({ ...e, captions: e.captions.map((c, i) => (i === index ? { ...c, ...change } : c)) }));

  // Playback stays inside the kept part: outside it, or at its end, it jumps back to the start.
  const keepInRange = () => {
    const v = player.current;
    if (v && (v.currentTime < trim.start || v.currentTime >= trim.end)) v.currentTime = trim.start;
  };

  // What will be published, drawn from the same layout the server's render draws.
  const layout = layoutVideo(
    { width: video.width ?? 1920, height: video.height ?? 1080, durationSeconds: duration },
    edits,
    variables,
  );
  const noFfmpeg = capabilities.data?.videoEditing === false;
  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen
      title={t('video.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {noFfmpeg && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} mb="md" role="status">
          {t('videoRender.needsFfmpeg')}
        </Alert>
      )}
      {/* Side by side from the sm breakpoint; on a phone the controls go under the video at full width. */}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <div style={{ borderRadius: 8, overflow: 'hidden' }}>
          <EditedVideoFrame layout={layout} maxHeight="70vh">
            {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the user's own upload, previewed: we hold no caption file for it; the captions edited here are drawn over it */}
            <video
              ref={player}
              src={video.url}
              onTimeUpdate={() => {
                keepInRange();
                setAt(player.current?.currentTime ?? 0);
              }}
              onPlay={() => {
                keepInRange();
                setPlaying(true);
              }}
              onPause={() => setPlaying(false)}
              style={FILL_FRAME}
            >
              {t('media.noVideoSupport')}
            </video>
          </EditedVideoFrame>
          {/* The player's own controls would sit on the bottom captions: ours go under the frame. */}
          <Group gap="xs" mt={6}>
            <ActionIcon
              variant="light"
              aria-label={t(playing ? 'video.pause' : 'video.play')}
              onClick={() => {
                const v = player.current;
                if (!v) return;
                if (v.paused) void v.play().catch(() => undefined);
                else v.pause();
              }}
            >
              {playing ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
            </ActionIcon>
            <Text size="xs" c="dimmed" ff="monospace">
              {minutesSeconds(Math.max(0, at - trim.start))} / {minutesSeconds(trim.end - trim.start)}
            </Text>
          </Group>
        </div>
        <Stack>
          <div>
            <Text size="sm" fw={500} mb={6}>
              {t('video.trim')}
            </Text>
            <RangeSlider
              min={0}
              max={duration}
              step={0.1}
              minRange={0.1}
              value={[trim.start, trim.end]}
              onChange={([start, end]) => setEdits((e) => ({ ...e, trim: { start, end } }))}
              label={minutesSeconds}
              aria-label={t('video.trim')}
              thumbFromLabel={t('video.trimStart')}
              thumbToLabel={t('video.trimEnd')}
            />
            <Text size="xs" c="dimmed" mt={6}>
              {t('video.trimSummary', {
                start: minutesSeconds(trim.start),
                end: minutesSeconds(trim.end),
                length: minutesSeconds(trim.end - trim.start),
              })}
            </Text>
          </div>
          <div>
            <Text size="sm" fw={500} mb={6}>
              {t('video.aspectRatio')}
            </Text>
            <SegmentedControl
              aria-label={t('video.aspectRatio')}
              data={[...ASPECT_RATIOS]}
              value={edits.aspectRatio}
              onChange={(v) => setEdits((e) => ({ ...e, aspectRatio: v as VideoEdits['aspectRatio'] }))}
            />
          </div>
          {edits.captions.map((caption, i) => (
            <Stack key={i} gap={6} onFocusCapture={() => setActive(i)}>
              <TextInput
                label={t('video.captionText', { n: i + 1 })}
                value={caption.text}
                onChange={(e) => setCaption(i, { text: e.currentTarget.value })}
              />
              <Group grow>
                <SegmentedControl
                  aria-label={t('video.position')}
                  data={CAPTION_POSITIONS.map((p) => ({ value: p, label: t(`video.positions.${p}`) }))}
                  value={caption.position}
                  onChange={(v) => setCaption(i, { position: v as Caption['position'] })}
                />
                <SegmentedControl
                  aria-label={t('video.style')}
                  data={CAPTION_STYLES.map((s) => ({ value: s, label: t(`video.styles.${s}`) }))}
                  value={caption.style}
                  onChange={(v) => setCaption(i, { style: v as Caption['style'] })}
                />
              </Group>
            </Stack>
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setEdits((e) => ({ ...e, captions: [...e.captions, newCaption()] }))}
              disabled={edits.captions.length >= 10}
            >
              {t('video.addCaption')}
            </Button>
            {variableControls?.((text) =>
              setCaption(active, { text: `${edits.captions[active]?.text ?? ''}${text}` }),
            )}
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              onClick={() => onDone({ ...edits, captions: edits.captions.filter((c) => c.text.trim()) })}
            >
              {t('video.done')}
            </Button>
          </Group>
        </Stack>
      </SimpleGrid>
    </Modal>
  );
}
