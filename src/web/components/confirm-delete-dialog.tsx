import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** 'Confirm Deletion' with the spec's question, Cancel, and a red Delete that shows it is working. */
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
    <Modal
      opened
      onClose={onClose}
      title={t('common.confirmDeletion')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      <Text>{message}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button color="red" loading={loading} onClick={onConfirm}>
          {t('common.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
