/**
 * A real S3-protocol server on 127.0.0.1 (s3rver, random port, temp folder): what the publish tests and
 * `npm run bench:publish` upload to, so neither needs a cloud account.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials, for the `portal` process that uploads to it. */
export const S3_ENV = {
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
  AWS_REGION: 'us-east-1',
  AWS_EC2_METADATA_DISABLED: 'true',
};

export interface S3Server {
  endpoint: string;
  dir: string;
  /** Stops the server and keeps its folder: an outage of the store. */
  stop: () => Promise<void>;
  /** Runs it again on the same port and folder, with what it held. */
  start: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startS3(buckets: string[]): Promise<S3Server> {
  const dir = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port,
      directory: dir,
      silent: true,
      configureBuckets: buckets.map((name) => ({ name })),
    });
    ({ port } = await server.run());
  };
  const stop = async () => {
    await server?.close();
    server = undefined;
  };
  await start();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    dir,
    stop,
    start,
    close: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
