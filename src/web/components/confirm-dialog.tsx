import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Asks before something that cannot be undone: `title`, what it will do (`children`), Cancel, and a red
 * `confirmLabel` button that shows it is working.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  loading,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      {children}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button color="red" loading={loading} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

/** 'Confirm Deletion' with the spec's question, Cancel, and a red Delete. */
export function ConfirmDeleteDialog({
  message,
  loading,
  onConfirm,
  onClose,
}: {
  message: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('common.confirmDeletion')}
      confirmLabel={t('common.delete')}
      loading={loading}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Text>{message}</Text>
    </ConfirmDialog>
  );
}
