// Storage in an S3 bucket (or any S3-compatible store): private objects, the same SDK pin and checksum
// settings as the CLI's publisher (cli/src/lib/storage/s3-backend.ts).
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { DependencyDown } from '../../errors.js';
import type { Storage } from './storage-port.js';

interface S3StorageOptions {
  bucket: string;
  prefix: string;
  env: NodeJS.ProcessEnv;
}

function createClient(env: NodeJS.ProcessEnv): S3Client {
  // The SDK is pinned to 3.1169.0 (DESIGN.md) because later releases need Node 22; its warning about them
  // asks nothing of the operator.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const endpoint = env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL;
  const config: S3ClientConfig = {
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? (endpoint ? 'us-east-1' : undefined),
    // Without these the SDK streams bodies with a trailing checksum that s3rver (and some other
    // S3-compatible stores) save corrupted.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that is unreachable or hangs is an outage to answer within 5 s (503), not to wait out: 1 s to
    // connect and 1.5 s of silence on the connection (twice: one retry, which a store shedding load with 503
    // SlowDown or a dropped connection often needs). Silence, not the whole request: a large upload that keeps
    // moving has the 30 s request limit.
    maxAttempts: 2,
    requestHandler: {
      connectionTimeout: 1_000,
      socketTimeout: 1_500,
      requestTimeout: 30_000,
      throwOnRequestTimeout: true,
    },
  };
  if (endpoint) Object.assign(config, { endpoint, forcePathStyle: true });
  if (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY) {
    config.credentials = {
      accessKeyId: env.AWS_ACCESS_KEY_ID,
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
      ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
    };
  }
  return new S3Client(config);
}

const missing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

// A store that answers 5xx, or not at all (refused, timed out), is an outage the caller may retry (503); a 4xx
// other than a missing key means our request was wrong, a bug (500).
const outage = (error: unknown) => {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === undefined || status >= 500;
};

/** The store's answer, or null when the key is missing. */
async function unlessMissing<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (missing(error)) return null;
    throw outage(error) ? new DependencyDown('storage', error) : error;
  }
}

async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw outage(error) ? new DependencyDown('storage', error) : error;
  }
}

export function createS3Storage({ bucket, prefix, env }: S3StorageOptions): Storage {
  const client = createClient(env);
  const Key = (key: string) => (prefix ? `${prefix}/${key}` : key);
  return {
    async put(key, bytes, contentType) {
      await guarded(() =>
        client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: Key(key),
            Body: bytes,
            ContentLength: bytes.length,
            ContentType: contentType,
          }),
        ),
      );
    },
    async putFile(key, path, size, contentType) {
      // Its length known up front, a file streams up in one request (no multipart upload up to S3's 5 GB).
      await guarded(() =>
        client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: Key(key),
            Body: createReadStream(path),
            ContentLength: size,
            ContentType: contentType,
          }),
        ),
      );
    },
    async stream(key, range) {
      const answer = await unlessMissing(() =>
        client.send(
          new GetObjectCommand({ Bucket: bucket, Key: Key(key), Range: `bytes=${range.start}-${range.end}` }),
        ),
      );
      return answer?.Body instanceof Readable ? answer.Body : null;
    },
    async get(key) {
      return unlessMissing(async () => {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: Key(key) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      });
    },
    async remove(key) {
      await guarded(() => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: Key(key) })));
    },
  };
}
