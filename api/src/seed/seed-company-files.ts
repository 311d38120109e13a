// The demo company's files (/resources): what a coach and client would really have exchanged, as real files in
// the storage (PDFs and a PNG that open in the preview, a text and a CSV file), some from the coach (read-only
// for the clients) and some sent by client@ (which they may rename, describe or delete). Files belong to the
// company, so basic@ of the same company sees them too. Seeded once per company.
import { deflateSync, crc32 } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { Storage } from '../services/storage/storage.js';
import { randomKey } from '../services/storage/storage.js';
import { onePagePdf } from './seed-mailbox.js';
import type { DemoSet } from './sets/demo-set.js';
import { workingDay, zonedTime } from './working-days.js';

interface CompanyFilesSeed {
  tenantId: number;
  companyId: number;
  coachUserId: number;
  clientId: number;
  at: Date;
  set: DemoSet;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG: a small bar chart (six monthly bars, rising), so the preview shows a picture. */
function barChartPng(width = 360, height = 200): Buffer {
  const bars = [0.35, 0.45, 0.4, 0.6, 0.72, 0.85];
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3, 0xff);
    row[0] = 0;
    for (let x = 0; x < width; x++) {
      const slot = Math.floor((x - 20) / 55);
      const inBar = x >= 20 && slot < bars.length && (x - 20) % 55 < 40;
      const top = inBar ? height - 20 - Math.round(bars[slot]! * (height - 40)) : height;
      const axis = y === height - 20 || x === 18;
      const [r, g, b] = axis
        ? [0x14, 0x14, 0x3f]
        : inBar && y >= top && y < height - 20
          ? [0x17, 0x9a, 0xd6]
          : [0xf3, 0xfa, 0xfe];
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface DemoFile {
  name: string;
  type: string;
  bytes: Buffer;
}

interface DemoSending {
  daysAgo: number;
  fromCoach: boolean;
  description: string;
  files: DemoFile[];
}

const pdf = (name: string, line: string): DemoFile => ({
  name,
  type: 'application/pdf',
  bytes: onePagePdf(line),
});
const text = (name: string, body: string): DemoFile => ({
  name,
  type: 'text/plain; charset=utf-8',
  bytes: Buffer.from(body, 'utf8'),
});

/** The files of the shared story (a cash-flow worksheet, a plan, a hiring checklist, sales, the price list). */
const sendings = (set: DemoSet): DemoSending[] => [
  {
    daysAgo: 12,
    fromCoach: true,
    description: 'Fill in the expected payroll for each month before our next session.',
    files: [pdf('Cash-flow worksheet.pdf', 'Cash-flow worksheet - months, income, payroll, other costs')],
  },
  {
    daysAgo: 6,
    fromCoach: true,
    description: 'The 90-day plan we agreed on, and a checklist for the hiring conversation.',
    files: [
      pdf('90-day plan.pdf', '90-day plan - 1. cash flow  2. hiring  3. pricing review'),
      text(
        'Hiring checklist.txt',
        'Hiring checklist\n\n- Write the role in one paragraph\n- Decide the budget and start date\n- Ask two customers for referrals\n- Book interviews for the same week\n',
      ),
    ],
  },
  {
    daysAgo: 3,
    fromCoach: false,
    description: 'Sales for the last six months, as a chart for our review.',
    files: [{ name: 'Sales last six months.png', type: 'image/png', bytes: barChartPng() }],
  },
  {
    daysAgo: 1,
    fromCoach: false,
    description: `Our current prices (${set.currency}), for the pricing review.`,
    files: [text('Price list.csv', set.priceList)],
  },
];

/** Seeds the sendings into the company unless it has files already (seeding twice changes nothing). */
async function seedSendings(
  db: Kysely<Database>,
  storage: Storage,
  seed: CompanyFilesSeed,
  list: DemoSending[],
): Promise<void> {
  const existing = await db
    .selectFrom('company_files')
    .select('id')
    .where('tenant_id', '=', seed.tenantId)
    .where('company_id', '=', seed.companyId)
    .executeTakeFirst();
  if (existing) return;
  const zone = seed.set.timeZone;
  for (const [index, sending] of list.entries()) {
    // On working days in office hours, later ones later in the day, so two moved to one day keep their order.
    const at = zonedTime(workingDay(seed.at, -sending.daysAgo, zone), 10 + index, 0, zone);
    const row = await db
      .insertInto('company_files')
      .values({
        tenant_id: seed.tenantId,
        company_id: seed.companyId,
        uploader_id: sending.fromCoach ? seed.coachUserId : seed.clientId,
        description: sending.description,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const file of sending.files) {
      const key = randomKey('files');
      await storage.put(key, file.bytes, file.type);
      await db
        .insertInto('company_file_items')
        .values({
          company_file_id: row.id,
          object_key: key,
          name: file.name,
          size: file.bytes.length,
          content_type: file.type,
          created_at: at,
        })
        .execute();
    }
  }
}

export function seedCompanyFiles(db: Kysely<Database>, storage: Storage, seed: CompanyFilesSeed) {
  return seedSendings(db, storage, seed, sendings(seed.set));
}

/** The second coach's company: one PDF the coach sent two working days before the seed time. */
export function seedCoachFile(
  db: Kysely<Database>,
  storage: Storage,
  seed: CompanyFilesSeed,
  file: { name: string; line: string; description: string },
) {
  const sending = {
    daysAgo: 2,
    fromCoach: true,
    description: file.description,
    files: [pdf(file.name, file.line)],
  };
  return seedSendings(db, storage, seed, [sending]);
}
