/** The key of the notification groups connection that the panel lists. */
export const NOTIFICATIONS_CONNECTION_KEY = 'NotificationList_notificationGroups';
