import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed development credentials. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3-protocol server on a free local port, with one empty bucket, storing under a temporary folder.
 * `stop()` closes it and removes the folder.
 */
export async function startS3Server(bucket = 'portal-test') {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  return {
    bucket,
    endpoint: `http://127.0.0.1:${address.port}`,
    credentials: S3RVER_CREDENTIALS,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
