import type { Db } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import type { MalwareScanner } from '../../lib/clamd.js';
import type { FileStorage } from '../../lib/file-storage.js';
import type { ApplicationService } from '../applications/applications.service.js';
import { createAttachmentScans } from './attachment-scan.js';
import { createAttachmentRepository } from './attachments.repository.js';
import { attachmentHandlers } from './attachments.routes.js';
import { createAttachmentService } from './attachments.service.js';
import type { FunnelService } from '../funnel/funnel.service.js';

/** Files a resident attaches to an application, scanned for malware when a scanner is configured. */
export function attachmentsModule(deps: {
  db: Db;
  applications: ApplicationService;
  storage: FileStorage;
  funnel: Pick<FunnelService, 'reach'>;
  clock: () => Date;
  scanning: { scanner: MalwareScanner; inlineTimeoutMs: number } | null;
  logger: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}): PortalModule {
  const repository = createAttachmentRepository(deps.db);
  const scans = deps.scanning
    ? createAttachmentScans({ ...deps, attachments: repository, scanner: deps.scanning.scanner })
    : null;
  const attachments = createAttachmentService({
    attachments: repository,
    storage: deps.storage,
    funnel: deps.funnel,
    clock: deps.clock,
    scanning: scans && deps.scanning ? { scans, inlineTimeoutMs: deps.scanning.inlineTimeoutMs } : null,
  });
  return {
    handlers: attachmentHandlers({ applications: deps.applications, attachments }),
    // Each minute one process of the cluster scans the files left pending (scanner unreachable then).
    workers: scans
      ? [
          {
            schedule: 'attachment-scan-sweep',
            cron: '* * * * *',
            run: async () => void (await scans.sweep()),
          },
        ]
      : [],
  };
}
