import type { FastifyRequest } from 'fastify';
import { requireMunicipality } from '../../http/request.js';
import { handle } from '../../http/route-kit.js';
import type { NotificationSettingsService } from './notification-settings.service.js';
import type { Resident } from './notifications.repository.js';

/** The signed-in resident in the municipality of the path (the guards checked the two agree). */
const residentOf = (request: FastifyRequest): Resident => ({
  municipalityId: requireMunicipality(request).id,
  applicantId: request.session!.subjectId,
});

export function notificationHandlers({ settings }: { settings: NotificationSettingsService }) {
  return [
    handle('applicant.notification_settings.get', async ({ request }) => settings.view(residentOf(request))),
    handle('applicant.notification_settings.update', async ({ request, body }) =>
      settings.saveEvents(residentOf(request), body.events),
    ),
    handle('applicant.notification_settings.code', async ({ request, body }) =>
      settings.sendCode(residentOf(request), requireMunicipality(request), body.email),
    ),
    handle('applicant.notification_settings.verify', async ({ request, body }) =>
      settings.verify(residentOf(request), body.code),
    ),
    handle('applicant.notification_settings.remove_email', async ({ request }) =>
      settings.removeEmail(residentOf(request)),
    ),
    handle('applicant.notices', async ({ request }) => settings.unread(residentOf(request))),
    handle('applicant.notices.read', async ({ request, body }) =>
      settings.markRead(residentOf(request), body.ids),
    ),
    handle('applicant.notifications.unsubscribe', async ({ request, body }) =>
      settings.unsubscribe(requireMunicipality(request), body.token),
    ),
  ];
}
