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
  close: () => Promise<void>;
}

export async function startS3(buckets: string[]): Promise<S3Server> {
  const dir = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: dir,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    dir,
    close: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
