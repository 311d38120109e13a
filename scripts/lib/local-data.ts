/**
 * Where `npm start` and `npm run dev` keep what they write: one folder, DATA_DIR (default .data/ in the
 * repository, ignored by git), with a folder per kind. Each kind's own variable moves it alone, as the API reads
 * them (api/src/config.ts). A relative value is taken from the current folder, as a shell user means it.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webPush from 'web-push';
import { REPO_ROOT } from './api-process.js';

export interface LocalData {
  /** DATA_DIR. */
  root: string;
  /** The embedded PostgreSQL (PGlite) database: PGLITE_DIR. */
  pgliteDir: string;
  /** Every mail the API sends, one .eml file each (one-time passwords, reset links): MAIL_DIR. */
  mailDir: string;
  /** Uploaded files (mail attachments, files shared on My Resources): MAIL_STORAGE, a folder or s3://. */
  storage: string;
}

export function localData(env: NodeJS.ProcessEnv = process.env): LocalData {
  const root = path.resolve(env.DATA_DIR || path.join(REPO_ROOT, '.data'));
  const storage = env.MAIL_STORAGE || path.join(root, 'storage');
  return {
    root,
    pgliteDir: path.resolve(env.PGLITE_DIR || path.join(root, 'pg')),
    mailDir: path.resolve(env.MAIL_DIR || path.join(root, 'mail')),
    storage: storage.startsWith('s3://') ? storage : path.resolve(storage),
  };
}

/** A path as the user can type it: relative inside the folder `from` (.data/mail), absolute otherwise. */
export function shownPath(file: string, from = process.cwd()): string {
  const relative = path.relative(from, file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/**
 * The operator token the local API is started with (OPS_TOKEN), which `portal admin invite` finds here when it
 * calls an API on this machine: <DATA_DIR>/ops-token, made once (readable by its owner only) and kept, so a
 * restart does not change it.
 */
export async function localOpsToken(root: string): Promise<string> {
  const file = path.join(root, 'ops-token');
  const kept = await readFile(file, 'utf8').catch(() => '');
  if (kept.trim()) return kept.trim();
  const token = randomBytes(32).toString('base64url');
  await mkdir(root, { recursive: true });
  await writeFile(file, `${token}\n`, { mode: 0o600 });
  return token;
}

/**
 * The local API's Web Push keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT), so push works in the
 * demo: <DATA_DIR>/vapid.json, made once (readable by its owner only) and kept, since a new pair would orphan
 * every subscription the browsers made with the old public key. Nothing prints the private key.
 */
export async function localVapidKeys(root: string): Promise<Record<string, string>> {
  const file = path.join(root, 'vapid.json');
  let keys = await readFile(file, 'utf8')
    .then((text) => JSON.parse(text) as { publicKey: string; privateKey: string })
    .catch(() => undefined);
  if (!keys?.publicKey || !keys.privateKey) {
    keys = webPush.generateVAPIDKeys();
    await mkdir(root, { recursive: true });
    await writeFile(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  }
  return {
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    VAPID_SUBJECT: 'mailto:push@portal.localhost',
  };
}
