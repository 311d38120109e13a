// The demo inbox (npm start shows a real mailbox): client@ has a thread with the coach both ways, a PDF
// attached that opens, read and unread mail; basic@ one unread welcome.
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/seed.js';
import { loadTenantFiles } from '../src/services/tenants/tenant-files.js';
import { Harness, fixtureTenants } from './helpers/harness.js';
import { download, listEmails } from './helpers/mailbox.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
beforeAll(async () => {
  await h.start();
  const tenants = await loadTenantFiles(fixtureTenants, { warn: () => {} });
  await seedDemo(h.db, tenants, { production: false, storage: h.storage });
});
afterAll(() => h.stop());

interface Mail {
  id: number;
  parent: number | null;
  from: number;
  read: boolean;
  attachments: { id: number; name: string; type: string }[];
}

describe('seed: mailbox', () => {
  it('gives client@ a thread with the coach, a PDF, read and unread mail', async () => {
    const client = await signIn(h, { demo: 'client' });
    const inbox = (await listEmails(h, client)).data.emails;
    expect(inbox.total).toBe(6);
    const items = inbox.items as Mail[];
    expect(items.filter((m) => !m.read)).toHaveLength(2);
    expect(items.filter((m) => m.read).length).toBeGreaterThan(0);
    expect((await listEmails(h, client, { folder: 'sent' })).data.emails.total).toBe(2);

    const withPdf = items.find((m) => m.attachments.length > 0)!;
    expect(withPdf.attachments[0]).toMatchObject({ name: 'Cash-flow plan.pdf', type: 'application/pdf' });
    const thread = (await listEmails(h, client, { thread: withPdf.id })).data.emails.items as Mail[];
    expect(thread).toHaveLength(5);
    expect(new Set(thread.map((m) => m.from)).size).toBe(2);
    expect(thread.slice(1).every((m) => m.parent === withPdf.id)).toBe(true);

    const file = await download(h, client, withPdf.attachments[0]!.id);
    expect(file.statusCode).toBe(200);
    expect(await fileTypeFromBuffer(file.rawPayload)).toEqual({ ext: 'pdf', mime: 'application/pdf' });
    expect(file.rawPayload.toString('latin1')).toMatch(/%%EOF\n$/);
  });

  it('gives basic@ one unread welcome', async () => {
    const basic = await signIn(h, { demo: 'basic' });
    const inbox = (await listEmails(h, basic)).data.emails.items as Mail[];
    expect(inbox.map((m) => m.read)).toEqual([false]);
  });
});
