import type { Attachment, AttachType } from '@portal/contracts';
import type { z } from 'zod';
import type { AttachmentRow } from './attachments.repository.js';

/** An attachment as the resident's list and the staff's document detail show it (staff add its id). */
export const attachmentView = (row: AttachmentRow): z.input<typeof Attachment> => ({
  standard_item_code: row.standardItemCode,
  sequence: row.sequence,
  type: row.type as AttachType,
  file_name: row.fileName,
  content_type: row.contentType as 'image/jpeg' | 'image/png' | 'application/pdf',
  size: row.size,
  uploaded_at: row.uploadedAt.toISOString(),
  scan_state: row.scanState as 'pending' | 'clean' | 'unscanned',
});
