// What a signature binds: the sha256 of a version's HTML exactly as stored and shown, as UTF-8, in hex. The
// service hashes what it publishes with it, and so does the seed.
import { createHash } from 'node:crypto';

export const textHash = (html: string): string => createHash('sha256').update(html, 'utf8').digest('hex');
