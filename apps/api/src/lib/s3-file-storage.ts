import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { missingFile, type FileStorage } from './file-storage.js';

/** Where an S3-compatible bucket is and how to reach it; credentials come from the usual AWS variables. */
export interface S3Location {
  bucket: string;
  /** Key prefix inside the bucket, without leading or trailing slash ('' for the bucket's root). */
  prefix: string;
  /** S3_ENDPOINT / AWS_ENDPOINT_URL_S3 for MinIO, Ceph, s3rver…; unset is AWS itself. */
  endpoint?: string | undefined;
  region?: string | undefined;
  /** Explicit credentials (tests); otherwise the SDK's default chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** How long the readiness probe waits for the bucket's answer. */
const READY_TIMEOUT_MS = 2000;

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** Files as objects of one bucket under one prefix: the same calls as the local folder. */
export function s3FileStorage(location: S3Location): FileStorage & { client: S3Client } {
  // The locked SDK version supports Node 20; its notice is about later releases (README: Node versions).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const config: S3ClientConfig = {
    region: location.region ?? 'us-east-1',
    // Path-style works with every S3-compatible server; AWS accepts it too.
    forcePathStyle: Boolean(location.endpoint),
    // Checksums only where S3 requires them: S3-compatible servers often reject the aws-chunked trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (location.endpoint) config.endpoint = location.endpoint;
  if (location.credentials) config.credentials = location.credentials;
  const client = new S3Client(config);
  const Bucket = location.bucket;
  const keyOf = (key: string) => {
    if (key.split('/').some((part) => part === '..' || part === '.' || part === ''))
      throw new Error(`storage key escapes the folder: ${key}`);
    return location.prefix ? `${location.prefix}/${key}` : key;
  };

  async function open(key: string) {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
      return answer.Body as Readable;
    } catch (err) {
      if (notFound(err)) throw missingFile(key);
      throw err;
    }
  }

  return {
    client,
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes }));
    },
    async get(key) {
      const body = await open(key);
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async putStream(key, source) {
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      // Multipart in 8 MiB parts, two at a time: memory stays bounded whatever the export's size.
      const upload = new Upload({
        client,
        params: { Bucket, Key: keyOf(key), Body: counted },
        partSize: 8 * 1024 * 1024,
        queueSize: 2,
      });
      // A failed upload ends the pipe too, so the source is not left paused half-read.
      const uploaded = upload.done().catch((err: unknown) => {
        counted.destroy(err as Error);
        throw err;
      });
      await Promise.all([pipeline(source, counted), uploaded]);
      return size;
    },
    getStream: open,
    async ready() {
      // HEAD of the bucket: reachable, credentials accepted, bucket there (needs s3:ListBucket on it).
      try {
        await client.send(new HeadBucketCommand({ Bucket }), {
          abortSignal: AbortSignal.timeout(READY_TIMEOUT_MS),
        });
      } catch (err) {
        // A HEAD answer has no body: its status is all there is to say.
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        const why = status ? `answered HTTP ${status}` : `is not reachable (${(err as Error).message})`;
        throw new Error(`bucket ${Bucket} ${why}`, { cause: err });
      }
    },
  };
}
