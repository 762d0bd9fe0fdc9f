import {
  ActionIcon,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Text,
} from '@mantine/core';
import {
  IconLibraryPhoto,
  IconPencil,
  IconPhotoPlus,
  IconTrash,
  IconVideoPlus,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_EXTENSIONS, MEDIA_LIMITS, type MediaKind } from '../../../../shared/api/media.schemas';
import type { DraftMedia } from '../../../components/post-form/draft-media';
import type { MediaUploadersProps } from '../../../components/post-form/post-form-parts';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { uploadMedia } from '../api/upload-media';
import { AltTextEditor } from './alt-text-editor';
import { minutesSeconds } from './edit-video-dialog';
import { MediaPicker } from './media-picker';

const ACCEPT = {
  image: '.jpg,.jpeg,.png,.gif,.webp,image/jpeg,image/png,image/gif,image/webp',
  video: 'video/*',
};
const MB = 1024 * 1024;

/** The browser's own first look at a file; the server judges it again by its bytes. */
function precheck(file: File, kind: MediaKind): string | null {
  if (kind === 'image') {
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext === 'jpeg' ? 'jpg' : ext))
      return 'media.imageType';
  } else if (!file.type.startsWith('video/')) return 'media.videoType';
  if (file.size > MEDIA_LIMITS[kind].maxMb * MB) return 'media.tooLarge';
  return null;
}

interface MediaUploaderProps {
  kind: MediaKind;
  items: DraftMedia[];
  onChange: (items: DraftMedia[]) => void;
  /** Videos only: opens the Edit Video dialog for one of them. */
  onEdit?: (item: DraftMedia) => void;
}

/**
 * The images uploader and the videos uploader side by side, over one ordered list of media (the
 * composer's and the recurring post dialog's): each kind is edited apart, the other kind kept.
 */
export function MediaUploaders({ media, onChange, onEditVideo }: MediaUploadersProps) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {(['image', 'video'] as const).map((kind) => (
        <MediaUploader
          key={kind}
          kind={kind}
          onEdit={kind === 'video' ? onEditVideo : undefined}
          items={media.filter((m) => m.kind === kind)}
          onChange={(items) => onChange([...media.filter((m) => m.kind !== kind), ...items])}
        />
      ))}
    </SimpleGrid>
  );
}

/** Add Images / Add Videos: thumbnails (or players) two to four a row, remove one, or clear them all. */
function MediaUploader({ kind, items, onChange, onEdit }: MediaUploaderProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState<string[]>([]);
  const [picking, setPicking] = useState(false);
  const { maxFiles, maxMb } = MEDIA_LIMITS[kind];

  const add = async (files: File[]) => {
    if (items.length + uploading.length + files.length > maxFiles) {
      notify({ color: 'red', message: t('media.tooMany', { n: maxFiles }) });
      return;
    }
    let current = items;
    for (const file of files) {
      const problem = precheck(file, kind);
      if (problem) {
        notify({ color: 'red', message: t(problem, { file: file.name, max: maxMb }) });
        continue;
      }
      setUploading((u) => [...u, file.name]);
      try {
        const media = await uploadMedia({ file, kind });
        current = [...current, media];
        onChange(current);
        notify({ color: 'green', message: t('media.added', { file: file.name }) });
      } catch (error) {
        const typeError = error instanceof ApiRequestError && error.code === 'MEDIA_TYPE';
        notify({
          color: 'red',
          message: typeError
            ? t(`media.${kind}Type`, { file: file.name })
            : errorMessage(t, error, 'media.failed'),
        });
      } finally {
        setUploading((u) => u.filter((name) => name !== file.name));
      }
    }
  };

  const setAlt = (id: string, alt: string) =>
    onChange(items.map((item) => (item.id === id ? { ...item, alt } : item)));

  const AddIcon = kind === 'image' ? IconPhotoPlus : IconVideoPlus;
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" mb={items.length || uploading.length ? 'sm' : 0}>
        <FileButton onChange={(files) => void add(files)} accept={ACCEPT[kind]} multiple>
          {(props) => (
            <Button {...props} variant="light" leftSection={<AddIcon size={16} />} size="xs">
              {t(items.length ? `media.addMore.${kind}` : `media.add.${kind}`)}
            </Button>
          )}
        </FileButton>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconLibraryPhoto size={16} />}
          disabled={items.length + uploading.length >= maxFiles}
          onClick={() => setPicking(true)}
        >
          {t('library.fromLibrary')}
        </Button>
        <Text size="xs" c="dimmed">
          {t(`media.limits.${kind}`, { n: maxFiles, max: maxMb })}
        </Text>
        {items.length > 0 && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} />}
            onClick={() => onChange([])}
          >
            {t('media.clearAll')}
          </Button>
        )}
      </Group>
      {(items.length > 0 || uploading.length > 0) && (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs">
          {items.map((item) => (
            <Card key={item.id} withBorder padding={4} pos="relative">
              {item.kind === 'image' ? (
                <Image
                  src={item.thumbnailUrl ?? item.url}
                  alt={item.name}
                  title={item.alt || undefined}
                  h={100}
                  fit="cover"
                  radius="sm"
                />
              ) : (
                <>
                  {/* An edited video plays only its kept part (a media fragment), in its new frame. */}
                  {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the user's own upload, previewed: we hold no caption file for it */}
                  <video
                    src={
                      item.edits?.trim
                        ? `${item.url}#t=${item.edits.trim.start},${item.edits.trim.end}`
                        : item.url
                    }
                    controls
                    preload="metadata"
                    style={{
                      width: '100%',
                      height: 100,
                      objectFit: 'cover',
                      ...(item.edits?.trim
                        ? {
                            aspectRatio: item.edits.aspectRatio.replace(':', ' / '),
                            width: 'auto',
                            maxWidth: '100%',
                            display: 'block',
                            marginInline: 'auto',
                          }
                        : {}),
                    }}
                  >
                    {t('media.noVideoSupport')}
                  </video>
                  {item.edits?.trim && (
                    <>
                      <Badge size="xs" color="teal" pos="absolute" top={8} left={8}>
                        {t('video.edited')}
                      </Badge>
                      <Text size="xs" c="dimmed" mt={2}>
                        {t('video.editedSummary', {
                          ratio: item.edits.aspectRatio,
                          length: minutesSeconds(item.edits.trim.end - item.edits.trim.start),
                          count: item.edits.captions.length,
                        })}
                      </Text>
                    </>
                  )}
                </>
              )}
              <Group gap={4} mt={4} wrap="nowrap" justify="space-between">
                <Text size="xs" truncate>
                  {item.name}
                </Text>
                {item.kind === 'image' && (
                  <AltTextEditor
                    fileName={item.name}
                    value={item.alt ?? ''}
                    onChange={(alt) => setAlt(item.id, alt)}
                  />
                )}
                {onEdit && (
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    aria-label={t('video.edit', { file: item.name })}
                    onClick={() => onEdit(item)}
                  >
                    <IconPencil size={14} />
                  </ActionIcon>
                )}
              </Group>
              <ActionIcon
                size="sm"
                color="red"
                variant="filled"
                pos="absolute"
                top={6}
                right={6}
                aria-label={t('media.remove', { file: item.name })}
                onClick={() => onChange(items.filter((i) => i.id !== item.id))}
              >
                <IconX size={14} />
              </ActionIcon>
            </Card>
          ))}
          {uploading.map((name) => (
            <Card key={name} withBorder padding={4} h={124}>
              <Group justify="center" h="100%">
                <Loader size="sm" aria-label={t('media.uploading', { file: name })} />
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {picking && (
        <MediaPicker
          kind={kind}
          room={maxFiles - items.length - uploading.length}
          attached={items.map((item) => item.id)}
          onClose={() => setPicking(false)}
          onPick={(picked) => {
            onChange([...items, ...picked]);
            setPicking(false);
          }}
        />
      )}
    </Card>
  );
}
