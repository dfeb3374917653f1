import { FileBody, route } from './define.js';
import * as D from '../documents.js';
import * as I from '../integration.js';

const M = '/api/municipalities/{code}';
const SYS = `${M}/system/documents`;
const integration = 'integration' as const;

/**
 * Core systems (issue 37, decision 0057): administrators manage the municipality's API keys; the keys
 * call the pull API with `Authorization: Bearer <token>` (no cookie, so no CSRF).
 */
export const integrationRoutes = [
  route({
    id: 'staff.system_keys.list',
    method: 'GET',
    path: `${M}/system-keys/`,
    audience: 'staff',
    tag: 'integration',
    summary: 'API keys of core systems (administrators; never their tokens)',
    response: I.SystemKeyList,
  }),
  route({
    id: 'staff.system_keys.create',
    method: 'POST',
    path: `${M}/system-keys/`,
    audience: 'staff',
    tag: 'integration',
    summary: 'Creates an API key; the answer carries its token, once',
    body: I.CreateSystemKeyRequest,
    response: I.CreatedSystemKey,
    successStatus: 201,
  }),
  route({
    id: 'staff.system_keys.revoke',
    method: 'DELETE',
    path: `${M}/system-keys/{keyId}/`,
    audience: 'staff',
    tag: 'integration',
    summary: 'Revokes an API key from the version read',
    response: I.SystemKey,
    ifMatch: 'required',
  }),
  route({
    id: 'staff.system_keys.webhook',
    method: 'PUT',
    path: `${M}/system-keys/{keyId}/webhook/`,
    audience: 'staff',
    tag: 'integration',
    summary: 'Sets or clears the key’s webhook endpoint; a first endpoint answers its secret, once',
    body: I.SetSystemKeyWebhookRequest,
    response: I.SystemKeyWithSecret,
    ifMatch: 'required',
  }),
  route({
    id: 'staff.system_keys.uses',
    method: 'GET',
    path: `${M}/system-keys/{keyId}/uses/`,
    audience: 'staff',
    tag: 'integration',
    summary: 'The key’s latest uses (from the audit log, newest first)',
    response: I.SystemKeyUseList,
  }),
  route({
    id: 'staff.system_keys.deliveries',
    method: 'GET',
    path: `${M}/system-keys/{keyId}/deliveries/`,
    audience: 'staff',
    tag: 'integration',
    summary: 'The key’s latest webhook deliveries with their last answers (newest first)',
    response: I.WebhookDeliveryList,
  }),
  route({
    id: 'staff.system_keys.resend',
    method: 'POST',
    path: `${M}/system-keys/{keyId}/deliveries/{deliveryId}/resend/`,
    audience: 'staff',
    tag: 'integration',
    summary: 'Sends a delivery again (same message id, a fresh signature)',
    response: I.WebhookDelivery,
    successStatus: 202,
  }),
  route({
    id: 'integration.documents.list',
    method: 'GET',
    path: `${SYS}/`,
    audience: integration,
    tag: 'integration',
    summary: 'Submitted documents of the key’s procedures changed after the cursor, in change order',
    query: I.SystemDocumentsQuery,
    response: I.SystemDocumentPage,
  }),
  route({
    id: 'integration.documents.get',
    method: 'GET',
    path: `${SYS}/{documentId}/`,
    audience: integration,
    tag: 'integration',
    summary: 'One document: answers by standard item code, attachments, renderings, signature',
    response: I.SystemDocument,
  }),
  route({
    id: 'integration.documents.attachment',
    method: 'GET',
    path: `${SYS}/{documentId}/attachments/{attachmentId}/`,
    audience: integration,
    tag: 'integration',
    summary: 'An attachment file of the document',
    response: FileBody,
    produces: 'file',
  }),
  route({
    id: 'integration.documents.rendering',
    method: 'GET',
    path: `${SYS}/{documentId}/renderings/{renderingId}/`,
    audience: integration,
    tag: 'integration',
    summary: 'A rendered PDF of the document',
    response: FileBody,
    produces: 'pdf',
  }),
  route({
    id: 'integration.documents.status',
    method: 'PUT',
    path: `${SYS}/{documentId}/status/`,
    audience: integration,
    tag: 'integration',
    summary: 'Sets the processing status as staff do (same moves, If-Match version); needs read_update',
    body: D.StaffDocumentStatusRequest,
    response: I.SystemDocumentSummary,
    ifMatch: 'required',
  }),
];
