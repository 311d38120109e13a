// Private file storage for the API (mail attachments): a folder on this machine by default, an S3 bucket when
// the setting is `s3://bucket/prefix`. Keys are made by the server (randomKey), never from a file's name, and
// nothing here is served directly: files go out only through routes that check who is asking.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import type { Storage } from './storage-port.js';

// The interface has a file of its own so that the stores it creates can name it without importing this file.
export type { Storage } from './storage-port.js';

/** 128 random bits under a folder per area: unguessable and free of anything the user typed. */
export const randomKey = (area: string): string => `${area}/${randomBytes(16).toString('hex')}`;

/**
 * `s3://bucket/prefix` uses that bucket (credentials, region and an optional endpoint from the usual AWS_*
 * variables); anything else is a local folder.
 */
export function createStorage(setting: string, env: NodeJS.ProcessEnv = process.env): Storage {
  const s3 = /^s3:\/\/([^/]+)\/?(.*)$/.exec(setting);
  if (s3) return createS3Storage({ bucket: s3[1]!, prefix: s3[2]!.replace(/\/+$/, ''), env });
  return createLocalStorage(resolve(setting));
}
