import { Ok } from '../common.js';
import * as N from '../notifications.js';
import { route } from './define.js';

const M = '/api/municipalities/{code}';
const applicant = 'applicant' as const;
const tag = 'notifications';

/** A resident's address, choices and notices (decision 0025); the unsubscribe link needs no sign-in. */
export const notificationRoutes = [
  route({
    id: 'applicant.notification_settings.get',
    method: 'GET',
    path: `${M}/notification-settings/`,
    audience: applicant,
    tag,
    summary: 'The resident’s notification address and choices',
    response: N.NotificationSettings,
  }),
  route({
    id: 'applicant.notification_settings.update',
    method: 'PUT',
    path: `${M}/notification-settings/`,
    audience: applicant,
    tag,
    summary: 'Chooses the events mailed to the verified address',
    body: N.NotificationEventsRequest,
    response: N.NotificationSettings,
  }),
  route({
    id: 'applicant.notification_settings.code',
    method: 'POST',
    path: `${M}/notification-settings/code/`,
    audience: applicant,
    tag,
    summary: 'Mails a one-time code to an address to verify it',
    body: N.NotificationCodeRequest,
    response: N.NotificationSettings,
  }),
  route({
    id: 'applicant.notification_settings.verify',
    method: 'PUT',
    path: `${M}/notification-settings/email/`,
    audience: applicant,
    tag,
    summary: 'Verifies the pending address with its code',
    body: N.NotificationVerifyRequest,
    response: N.NotificationSettings,
  }),
  route({
    id: 'applicant.notification_settings.remove_email',
    method: 'DELETE',
    path: `${M}/notification-settings/email/`,
    audience: applicant,
    tag,
    summary: 'Removes the notification address (notices stay in the portal)',
    response: N.NotificationSettings,
  }),
  route({
    id: 'applicant.notices',
    method: 'GET',
    path: `${M}/notices/`,
    audience: applicant,
    tag,
    summary: 'The resident’s unread notices',
    response: N.NoticeList,
  }),
  route({
    id: 'applicant.notices.read',
    method: 'PUT',
    path: `${M}/notices/read/`,
    audience: applicant,
    tag,
    summary: 'Marks notices as seen',
    body: N.NoticesReadRequest,
    response: Ok,
  }),
  route({
    id: 'applicant.notifications.unsubscribe',
    method: 'POST',
    path: `${M}/notification-settings/unsubscribe/`,
    audience: 'public',
    tag,
    summary: 'Stops the notification mails with the signed token of a mail’s link',
    body: N.UnsubscribeRequest,
    response: N.UnsubscribeResult,
    csrf: 'empty',
  }),
];
