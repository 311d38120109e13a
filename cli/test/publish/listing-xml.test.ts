/**
 * The ListObjects page reader (listing-xml.ts) the S3 backend uses instead of the SDK's parser: the same keys,
 * ETags and sizes as the SDK reads, escapes included, and null for any page it does not know.
 */
import { ListObjectsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as ListingXml from '../../src/lib/storage/listing-xml.js';
import { readListingPage } from '../../src/lib/storage/listing-xml.js';
import { createS3Backend, createS3Client } from '../../src/lib/storage/s3-backend.js';
import { S3_ENV, startS3, type S3Server } from '../../../scripts/lib/s3-server.js';
import './support/s3.js';

// Wrapped, to tell that the backend's pages went through it rather than the SDK's parser.
vi.mock('../../src/lib/storage/listing-xml.js', async (importOriginal) => {
  const actual = await importOriginal<typeof ListingXml>();
  return { ...actual, readListingPage: vi.fn(actual.readListingPage) };
});

const page = (contents: string, truncated = 'false') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
  `<Name>b</Name><Prefix></Prefix><Marker></Marker><MaxKeys>1000</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
  `${contents}</ListBucketResult>`;

const object = (key: string, etag: string, size: string) =>
  `<Contents><Key>${key}</Key><LastModified>2024-01-01T00:00:00.000Z</LastModified><ETag>${etag}</ETag>` +
  `<Size>${size}</Size><StorageClass>STANDARD</StorageClass></Contents>`;

describe('readListingPage', () => {
  it('reads each object with its escapes undone, and whether more pages follow', () => {
    const xml = page(
      object('a&amp;b/&lt;c&gt; &#x41;&#66;.js', '&quot;abc&quot;', '12') + object('plain', '"d"', '0'),
      'true',
    );
    expect(readListingPage(xml)).toEqual({
      objects: [
        ['a&b/<c> AB.js', { etag: '"abc"', size: 12 }],
        ['plain', { etag: '"d"', size: 0 }],
      ],
      truncated: true,
    });
    expect(readListingPage(page(''))).toEqual({ objects: [], truncated: false });
  });

  it('hands any page it does not know to the SDK', () => {
    for (const xml of [
      '<Error><Code>AccessDenied</Code></Error>',
      page(object('k', '"e"', 'x')),
      page(object('k&unknown;', '"e"', '1')),
      page('<Contents ><Key>k</Key><ETag>"e"</ETag><Size>1</Size></Contents>'),
      page('<Contents><Key><![CDATA[k]]></Key><ETag>"e"</ETag><Size>1</Size></Contents>'),
      page(object('k', '"e"', '1')).replace(/<IsTruncated>.*<\/IsTruncated>/, ''),
    ])
      expect(readListingPage(xml), xml).toBeNull();
  });
});

describe('the S3 backend lists with it', () => {
  let s3: S3Server;
  let client: S3Client;
  beforeAll(async () => {
    s3 = await startS3(['listing']);
    client = new S3Client({
      endpoint: s3.endpoint,
      forcePathStyle: true,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    client.destroy();
    await s3.close();
  });

  it('the same keys, ETags and sizes as the SDK reads, over more than one page', async () => {
    const odd = ['a&b.js', 'quote".js', "apos'.js", 'less<more>.js', 'ü ñ 字.js', 'sp ace/x.js'];
    const keys = [...odd, ...Array.from({ length: 1000 }, (_, i) => `n/${String(i).padStart(5, '0')}`)];
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(
        keys
          .slice(i, i + 50)
          .map((Key, j) =>
            client.send(
              new PutObjectCommand({ Bucket: 'listing', Key, Body: 'x'.repeat(j), ContentLength: j }),
            ),
          ),
      );
    }
    const expected = new Map<string, { etag: string; size: number }>();
    for (let Marker: string | undefined; ;) {
      const answer = await client.send(new ListObjectsCommand({ Bucket: 'listing', Marker }));
      for (const { Key, ETag, Size } of answer.Contents ?? [])
        expected.set(Key!, { etag: ETag!, size: Size! });
      Marker = answer.Contents?.at(-1)?.Key;
      if (!answer.IsTruncated || !Marker) break;
    }
    expect(expected.size).toBe(keys.length);
    const portalClient = createS3Client({ endpoint: s3.endpoint, env: S3_ENV, requestTimeoutMs: 30_000 });
    const backend = createS3Backend(
      { kind: 's3', bucket: 'listing', prefix: '', url: 's3://listing' },
      portalClient,
    );
    try {
      vi.mocked(readListingPage).mockClear();
      expect(await backend.list!('')).toEqual(expected);
      const read = vi.mocked(readListingPage).mock.results.map((r) => r.value as unknown);
      expect(read).toHaveLength(2);
      expect(read).not.toContain(null);
    } finally {
      backend.close();
    }
  });
});
