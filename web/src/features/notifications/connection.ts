import { ConnectionHandler, ROOT_ID } from 'relay-runtime';

/** The key of the notifications connection that the panel lists and live notifications join. */
export const NOTIFICATIONS_CONNECTION_KEY = 'NotificationList_notifications';
export const NOTIFICATIONS_CONNECTION_ID = ConnectionHandler.getConnectionID(ROOT_ID, NOTIFICATIONS_CONNECTION_KEY);
