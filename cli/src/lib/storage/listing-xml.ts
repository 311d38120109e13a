/**
 * A ListObjects page (ListBucketResult) read for the three fields the publisher uses of each object: key, ETag
 * and size. The SDK reads a page character by character into a tree of every field and then walks its schema
 * over that tree: for an unchanged fleet's listing pages (1,000 objects each) that was about half of the CLI's
 * own CPU time. S3 and every compatible store write the page as plain elements, with the five XML escapes (and
 * numeric ones) in text; a literal '<' in a key is always escaped, so a tag found in the text is a tag. Anything
 * else (another root, an element this does not expect) is left to the SDK: readListingPage answers null.
 */
import type { Listed } from './backend.js';

export interface ListingPage {
  /** Each object of the page in order, with its ETag and size. */
  objects: [key: string, listed: Listed][];
  truncated: boolean;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const ENTITY = /&(?:#x([0-9a-fA-F]{1,6})|#(\d{1,7})|([a-zA-Z]+));/g;

/** XML text as the SDK's parser reads it: line ends normalised, the escapes replaced; null for one XML lacks. */
function text(raw: string): string | null {
  const normal = raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw;
  if (!normal.includes('&')) return normal;
  let known = true;
  const decoded = normal.replace(ENTITY, (_, hex?: string, dec?: string, name?: string) => {
    const code = hex ? parseInt(hex, 16) : dec ? Number(dec) : -1;
    if (code >= 0 && code <= 0x10ffff) return String.fromCodePoint(code);
    if (name && Object.hasOwn(NAMED, name)) return NAMED[name]!;
    known = false;
    return '';
  });
  // A bare '&' or a DTD's entity: not a page this reader knows.
  return known && !normal.replace(ENTITY, '').includes('&') ? decoded : null;
}

const ROOT = /^\s*(?:<\?xml[^>]*\?>\s*)?<ListBucketResult[\s>]/;
const CONTENTS = /<Contents>([\s\S]*?)<\/Contents>/g;
const FIELD = /<(Key|ETag|Size)>([^<]*)<\/\1>/g;

export function readListingPage(xml: string): ListingPage | null {
  if (!ROOT.test(xml) || xml.includes('<![CDATA[')) return null;
  const objects: ListingPage['objects'] = [];
  for (const [, inner] of xml.matchAll(CONTENTS)) {
    const fields: Record<string, string> = {};
    for (const [, name, raw] of inner!.matchAll(FIELD)) fields[name!] = raw!;
    const key = fields.Key === undefined ? null : text(fields.Key);
    const etag = text(fields.ETag ?? '');
    if (key === null || etag === null || !/^\s*\d+\s*$/.test(fields.Size ?? '')) return null;
    objects.push([key, { etag, size: Number(fields.Size) }]);
  }
  // Every object found: one this did not match (another spelling of the element) hands the page to the SDK.
  if (objects.length !== xml.split('<Contents').length - 1) return null;
  const truncated = /<IsTruncated>\s*(true|false)\s*<\/IsTruncated>/.exec(xml)?.[1];
  return truncated === undefined ? null : { objects, truncated: truncated === 'true' };
}
