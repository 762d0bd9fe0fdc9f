import type { NotificationData } from '@mantine/notifications';

// @mantine/notifications (with its transitions and portal) stays out of the first bundle: it loads with
// the toast container after the first paint, and a toast asked for before then waits for it.
const loadNotifications = () => import('@mantine/notifications');

export const notify = (data: NotificationData) =>
  void loadNotifications().then((m) => m.notifications.show(data));

/** Changes a toast shown with an `id` (a loading one that learns how things went). */
export const notifyUpdate = (data: NotificationData & { id: string }) =>
  void loadNotifications().then((m) => m.notifications.update(data));

export const LazyNotifications = () => loadNotifications().then((m) => ({ default: m.Notifications }));
