import { Container, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../shared/api/posts.schemas';
import { Composer, type Draft, draftOf, emptyDraft } from './composer';
import { ContentCalendar } from './content-calendar';
import { DeletePostDialog, RescheduleDialog } from './post-dialogs';

type Dialog = { kind: 'reschedule' | 'delete'; post: Post } | null;

/** The post manager: the composer above the Content Calendar that shows what it scheduled. */
export function PostsPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [dialog, setDialog] = useState<Dialog>(null);

  const scrollTo = (id: string) =>
    document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  const onSaved = () => {
    setDraft(emptyDraft());
    scrollTo('content-calendar');
  };

  return (
    <Container size="xl" py="md">
      <Stack>
        <Title order={1}>{t('posts.title')}</Title>
        <div id="composer">
          <Composer draft={draft} onChange={setDraft} onSaved={onSaved} />
        </div>
        <ContentCalendar
          onAddPost={(date) => {
            // The day's + keeps what is being written and puts it on that day.
            setDraft((current) => ({ ...current, scheduledAt: date }));
            scrollTo('composer');
          }}
          actions={{
            onEdit: (post) => {
              setDraft(draftOf(post));
              scrollTo('composer');
            },
            onReschedule: (post) => setDialog({ kind: 'reschedule', post }),
            onDelete: (post) => setDialog({ kind: 'delete', post }),
          }}
        />
      </Stack>
      {dialog?.kind === 'reschedule' && (
        <RescheduleDialog post={dialog.post} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && <DeletePostDialog post={dialog.post} onClose={() => setDialog(null)} />}
    </Container>
  );
}
