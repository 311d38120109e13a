/**
 * The S3 target (AWS or any S3-compatible store). The SDK's own retries are off (maxAttempts 1) so the one
 * policy of retry.ts is in force and visible; a request timeout turns a hung connection into a retryable error.
 * Skip-unchanged reads listing pages (ETag and size of 1,000 keys a request); only a key no release
 * manifest describes is asked about on its own, by the content hash the publisher stores as x-amz-meta-sha256.
 */
import { createRequire } from 'node:module';
import type * as Sdk from '@aws-sdk/client-s3';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { CliError, EXIT } from '../errors.js';
import type { Backend, Listed } from './backend.js';
import { readListingPage, type ListingPage } from './listing-xml.js';
import { describeTarget, type Target } from './target.js';

export interface S3Options {
  endpoint?: string;
  env: NodeJS.ProcessEnv;
  requestTimeoutMs: number;
}

const THROTTLING = new Set([
  'SlowDown',
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'RequestLimitExceeded',
]);
const TRANSIENT = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'InternalError',
  'ServiceUnavailable',
]);
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'ENETUNREACH',
]);
const DENIED = new Set([
  'AccessDenied',
  'Forbidden',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'ExpiredToken',
  'InvalidToken',
]);

interface AwsError {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}
const status = (error: unknown) => (error as AwsError | null)?.$metadata?.httpStatusCode ?? 0;
const nameOf = (error: unknown) => (error as AwsError | null)?.name ?? '';

function isRetryableS3Error(error: unknown): boolean {
  const code = status(error);
  if (code >= 500 || code === 429) return true;
  const name = nameOf(error);
  if (THROTTLING.has(name) || TRANSIENT.has(name)) return true;
  return code === 0 && NETWORK_CODES.has((error as AwsError | null)?.code ?? '');
}

function isCredentialsError(error: unknown): boolean {
  return (
    nameOf(error) === 'CredentialsProviderError' ||
    /could not load credentials/i.test((error as AwsError)?.message ?? '')
  );
}

function isS3AccessError(error: unknown): boolean {
  return isCredentialsError(error) || status(error) === 403 || DENIED.has(nameOf(error));
}

let sdk: Promise<typeof Sdk> | undefined;

/**
 * The SDK, loaded when an S3 target is first used rather than with this file: its load takes 0.1 to 0.4 s,
 * which `portal --help`, a publish to a folder and every command without storage never need. Required rather
 * than imported: it is CommonJS either way, and an import first has node scan its 5,000-line index for the
 * names it exports (about 30 ms of an unchanged fleet's re-publish).
 */
const loadSdk = () =>
  (sdk ??= Promise.resolve().then(() => createRequire(import.meta.url)('@aws-sdk/client-s3') as typeof Sdk));

/**
 * The client, once the SDK is loaded. Its promise is marked as handled here: a failure is the first request's
 * to report (as describeFailure words it), whenever that request comes.
 */
export function createS3Client(options: S3Options): Promise<S3Client> {
  const client = loadSdk().then(({ S3Client }) => {
    const s3 = new S3Client(clientConfig(options));
    // The SDK's logger step copies every answer with its sensitive fields masked before it calls the logger,
    // a no-op here: for the listing pages of an unchanged release (1,000 keys each) that is CPU for nothing.
    s3.middlewareStack.remove('loggerMiddleware');
    return s3;
  });
  client.catch(() => {});
  return client;
}

function clientConfig(options: S3Options): S3ClientConfig {
  const { env } = options;
  // The SDK is pinned to 3.1169.0 (DESIGN.md) because later releases need Node 22; its warning about those
  // later releases would print on every publish and asks nothing of the user.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const endpoint = options.endpoint ?? env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL;
  const config: S3ClientConfig = {
    // S3-compatible stores want a region too, but any will do; AWS itself needs the real one.
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? (endpoint ? 'us-east-1' : undefined),
    maxAttempts: 1,
    // Without these the SDK streams bodies with a trailing checksum that s3rver (and some other
    // S3-compatible stores) save corrupted.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      requestTimeout: options.requestTimeoutMs,
      connectionTimeout: 5_000,
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
  return config;
}

/** One sentence naming the target and the next step, for the failures no retry can fix. */
function describeS3Failure(error: unknown, target: Target): CliError {
  const where = describeTarget(target);
  const name = nameOf(error);
  const bucket = target.kind === 's3' ? target.bucket : '';
  let message = `Cannot publish to ${where}: ${(error as AwsError)?.message || name || 'unknown error'}.`;
  let hint = 'Check the target URL, the endpoint and the network, then run the command again.';
  if (isCredentialsError(error)) {
    message = `No AWS credentials were found for ${where}.`;
    hint = 'Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or AWS_PROFILE), then run the command again.';
  } else if (/region is missing/i.test((error as AwsError)?.message ?? '')) {
    message = `No AWS region is set for ${where}.`;
    hint = "Set AWS_REGION to the bucket's region, then run the command again.";
  } else if (status(error) === 404 || name === 'NoSuchBucket' || name === 'NotFound') {
    message = `The bucket "${bucket}" of ${where} does not exist.`;
    hint =
      'Create the bucket or fix the target given with --to (or publish.site / publish.theme in tenant.json).';
  } else if (NETWORK_CODES.has((error as AwsError)?.code ?? '') || name === 'TimeoutError') {
    message = `The storage endpoint of ${where} did not answer (${(error as AwsError).code ?? name}).`;
    hint = 'Check --endpoint (or AWS_ENDPOINT_URL_S3) and the network, then run the command again.';
  } else if (isS3AccessError(error)) {
    message = `Access to ${where} was denied (${name || status(error)}).`;
    hint = 'Check the credentials and that they allow s3:ListBucket, s3:GetObject and s3:PutObject on it.';
  }
  return new CliError(message, { exitCode: EXIT.storage, hint, cause: error });
}

/** A response body as the HTTP handler gives it (a stream), or as a middleware before this one left it (bytes). */
async function bodyText(body: unknown): Promise<string> {
  if (body instanceof Uint8Array) return Buffer.from(body).toString('utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Reads the command's successful answer with listing-xml.ts instead of the SDK's parser: a middleware just
 * inside the SDK's deserializer takes the page's body and leaves it an empty one, so the SDK reads only the
 * status and headers. A page that reader does not know is given back to the SDK whole. Errors (any status but
 * 200) stay the SDK's to read, with the codes retry.ts and describeFailure go by. Returns the page as read, or
 * null when the SDK read it.
 */
function readPagesOurselves(command: Sdk.ListObjectsCommand): () => ListingPage | null {
  let page: ListingPage | null = null;
  // A deserialize-step middleware: the SDK's own type for it is not exported by client-s3.
  type Middleware = Parameters<typeof command.middlewareStack.addRelativeTo>[0];
  type Next = (args: unknown) => Promise<{ response: unknown }>;
  const middleware = ((next: Next) => async (args: unknown) => {
    const result = await next(args);
    const response = result.response as { statusCode?: number; body?: unknown };
    if (response.statusCode === 200 && response.body) {
      const xml = await bodyText(response.body);
      page = readListingPage(xml);
      response.body = page ? new Uint8Array() : Buffer.from(xml);
    }
    return result;
  }) as Middleware;
  command.middlewareStack.addRelativeTo(middleware, {
    relation: 'after',
    toMiddleware: 'deserializerMiddleware',
    name: 'portalListingPage',
  });
  return () => page;
}

export function createS3Backend(target: Extract<Target, { kind: 's3' }>, client: Promise<S3Client>): Backend {
  const Bucket = target.bucket;
  // Each request waits for the client (the SDK's import, at the first one); the command classes come with it.
  const ready = async () => ({ s3: await client, sdk: await loadSdk() });
  return {
    label: target.url,
    async preflight() {
      // HeadBucket needs the same credentials and ListBucket permission a dry run's HEADs need.
      const { s3, sdk } = await ready();
      await s3.send(new sdk.HeadBucketCommand({ Bucket }));
    },
    async storedHash(key) {
      const { s3, sdk } = await ready();
      try {
        const head = await s3.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return { sha256: head.Metadata?.sha256 ?? '', etag: head.ETag ?? '' };
      } catch (error) {
        if (status(error) === 404 || nameOf(error) === 'NotFound' || nameOf(error) === 'NoSuchKey')
          return null;
        throw error;
      }
    },
    async list(prefix) {
      const keys = new Map<string, Listed>();
      // ListObjects (v1) paged by Marker, the last key so far: 1,000 keys a request like v2, on S3 and every
      // compatible store. v2 is not used because s3rver makes its continuation tokens with DES, which Node 20's
      // OpenSSL 3 refuses: there every listing of more than 1,000 keys failed with InternalError.
      const { s3, sdk } = await ready();
      let Marker: string | undefined;
      for (;;) {
        const command = new sdk.ListObjectsCommand({ Bucket, Prefix: prefix, Marker });
        const read = readPagesOurselves(command);
        const answer = await s3.send(command);
        const page = read() ?? {
          objects: (answer.Contents ?? []).flatMap((o) =>
            o.Key ? [[o.Key, { etag: o.ETag ?? '', size: o.Size ?? -1 }] as const] : [],
          ),
          truncated: Boolean(answer.IsTruncated),
        };
        for (const [key, listed] of page.objects) keys.set(key, listed);
        Marker = page.objects.at(-1)?.[0];
        if (!page.truncated || !Marker) return keys;
      }
    },
    async put({ key, body, contentType, cacheControl, sha256 }) {
      const { s3, sdk } = await ready();
      const answer = await s3.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentLength: body.length,
          ContentType: contentType,
          CacheControl: cacheControl,
          Metadata: { sha256 },
        }),
      );
      return { etag: answer.ETag ?? '' };
    },
    async get(key) {
      const { s3, sdk } = await ready();
      try {
        const object = await s3.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (status(error) === 404 || nameOf(error) === 'NoSuchKey') return null;
        throw error;
      }
    },
    isRetryable: isRetryableS3Error,
    isAccessError: isS3AccessError,
    describeFailure: (error) => describeS3Failure(error, target),
    // A client that never came (its SDK failed to load) has nothing to close.
    close: () =>
      void client.then(
        (s3) => s3.destroy(),
        () => {},
      ),
  };
}
