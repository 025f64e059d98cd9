import { builder } from './builder.ts';
import './errors.ts';
import './types/User.ts';
import './types/AuthPayload.ts';
import './types/InviteCode.ts';
import './types/Notification.ts';
import './mutations/register.ts';
import './mutations/login.ts';
import './mutations/logout.ts';
import './mutations/updateProfile.ts';
import './mutations/changePassword.ts';
import './mutations/requestPasswordReset.ts';
import './mutations/resetPassword.ts';
import './mutations/createInviteCode.ts';
import './mutations/deleteInviteCode.ts';
import './mutations/markNotificationRead.ts';
import './mutations/markAllNotificationsRead.ts';
import './subscriptions/notificationAdded.ts';

/** The Tidings GraphQL schema; ../../../schema.graphql is printed from it (`npm run schema`). */
export const schema = builder.toSchema({ sortSchema: true });
