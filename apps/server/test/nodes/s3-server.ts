// An S3-compatible server for the tests: s3rver (npm), started in this process on a free port over a temporary folder.
// Chosen because it is plain Node (an npm devDependency: nothing to download or start outside the test), speaks the
// S3 REST API the AWS SDK uses (PutObject, GetObject, HeadObject, DeleteObject, ListObjectsV2) and checks signatures
// with its fixed key pair S3RVER / S3RVER.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import type { AppConfig } from '../../src/config';

export interface S3Server {
  endpoint: string;
  /** The configuration of a bucket on it (made when the server starts). */
  config(bucket: string): Pick<AppConfig, 'fileStorage' | 's3'>;
  close(): Promise<void>;
}

export async function startS3Server(buckets: string[]): Promise<S3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'hr-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    config: (bucket) => ({
      fileStorage: 's3',
      s3: { endpoint, bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
