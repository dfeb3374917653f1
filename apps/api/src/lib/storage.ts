import { join } from 'node:path';
import type { Config } from '../config.js';
import { localFileStorage, type FileStorage } from './file-storage.js';
import { s3FileStorage } from './s3-file-storage.js';

/**
 * The file store of one environment: a folder under DATA_DIR, or the STORAGE_URL bucket with the same
 * folder names as key prefixes, so several machines share attachments, renderings and exports.
 */
export function configuredFileStorage(
  config: Pick<Config, 'dataDir' | 'storage'>,
  environment: 'production' | 'staging' = 'production',
): FileStorage {
  const folder = environment === 'staging' ? 'files-staging' : 'files';
  const s3 = config.storage;
  if (!s3) return localFileStorage(join(config.dataDir, folder));
  return s3FileStorage({
    bucket: s3.bucket,
    prefix: s3.prefix ? `${s3.prefix}/${folder}` : folder,
    endpoint: s3.endpoint,
    region: s3.region,
  });
}
