import type { CliError } from '../errors.js';

/** What the publisher needs from a storage target; s3-backend.ts and folder-backend.ts implement it. */
export interface PutRequest {
  key: string;
  body: Buffer;
  contentType: string;
  cacheControl: string;
  sha256: string;
}

export interface Listed {
  etag: string;
  size: number;
}

export interface Backend {
  /** The target as the user wrote it, for messages. */
  readonly label: string;
  /**
   * Fails when the target cannot be used. `write` false (a dry run) only checks what a read needs, and
   * creates nothing.
   */
  preflight(options: { write: boolean }): Promise<void>;
  /**
   * The content hash of the stored object ('' when it has none) and its ETag ('' where the target has none),
   * null when the object does not exist. One request per key: the publisher asks only about a listed key that
   * no release manifest describes.
   */
  storedHash(key: string): Promise<{ sha256: string; etag: string } | null>;
  /**
   * Every key under a prefix with its ETag and size, when the target can list cheaply (S3: 1,000 keys a
   * request). A key that is not listed does not exist; one whose ETag or size differs from what the last
   * publish stored was changed behind its back.
   */
  list?(prefix: string): Promise<Map<string, Listed>>;
  /** Stores the object; its ETag as the target reports it ('' where it has none). */
  put(request: PutRequest): Promise<{ etag: string }>;
  get(key: string): Promise<Buffer | null>;
  /** Worth another attempt: 5xx, throttling, timeouts, dropped connections. */
  isRetryable(error: unknown): boolean;
  /** Credentials or permissions: retrying or going on with other tenants cannot help. */
  isAccessError(error: unknown): boolean;
  /** The exit-4 error for a failure that stops the publish: names the target and the next step. */
  describeFailure(error: unknown): CliError;
  close(): void;
}
