import type { NotificationData } from '@mantine/notifications';
import i18n from 'i18next';

// @mantine/notifications (with its transitions and portal) stays out of the first bundle: it loads with
// the toast container after the first paint, and a toast asked for before then waits for it.
const loadNotifications = () => import('@mantine/notifications');

// Every toast's close button says what it does, in the current language.
export const notify = (data: NotificationData) =>
  void loadNotifications().then((m) =>
    m.notifications.show({ closeButtonProps: { 'aria-label': i18n.t('common.close') }, ...data }),
  );

/** Changes a toast shown with an `id` (a loading one that learns how things went). */
export const notifyUpdate = (data: NotificationData & { id: string }) =>
  void loadNotifications().then((m) => m.notifications.update(data));

export const LazyNotifications = () => loadNotifications().then((m) => ({ default: m.Notifications }));
