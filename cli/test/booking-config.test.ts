// tenant.json's booking block through `portal validate`: the notice, the rooms and the default meeting types a
// coach starts with. A good block passes; each bad value is one sentence at its own field, with no echo of the
// alternatives' inner rules (an anyOf's alternatives, an if/then's "must match" line).
import { describe, expect, it } from 'vitest';
import { run } from '../src/commands/validate.js';
import { loadTenants } from '../src/lib/tenants/index.js';
import { minimalConfig, tempDir, testContext, writeTenant } from './helpers.js';

const good = {
  noticeHours: 48,
  rooms: { kind: 'jitsi', baseUrl: 'https://meet.example.com/rooms/' },
  meetingTypes: [
    { name: 'Check-up', minutes: 30, location: 'place', place: 'Studio, 12 Main St' },
    { name: 'Video consult', minutes: 20, description: 'Questions before a treatment.', location: 'video' },
  ],
};

/** Each problem of one tenant.json with this booking block, as [pointer, message]. */
async function problems(booking: unknown) {
  const dir = await tempDir();
  await writeTenant(dir, 'clinic', minimalConfig({ booking }));
  const [tenant] = await loadTenants({ tenantsDir: dir });
  return tenant!.problems.map((p) => [p.pointer, p.message]);
}

describe("tenant.json's booking", () => {
  it('accepts a notice, rooms of each kind and default meeting types', async () => {
    expect(await problems(good)).toEqual([]);
    expect(await problems({ rooms: { kind: 'none' } })).toEqual([]);
    expect(await problems({ rooms: { kind: 'coach' }, noticeHours: 0 })).toEqual([]);
    const dir = await tempDir();
    await writeTenant(dir, 'clinic', minimalConfig({ booking: good }));
    const ctx = testContext(dir);
    expect(await run({ tenant: [] }, ctx)).toBe(0);
    expect(ctx.out.text).toBe('✔ 1 tenant valid\n');
  });

  it('names each wrong value in a sentence a person reads', async () => {
    expect(
      await problems({
        noticeHours: 800,
        rooms: { kind: 'jitsi', baseUrl: 'http://meet.example.com' },
        meetingTypes: [
          { name: 'Check-up', minutes: 30, location: 'place' },
          { name: 'Call', minutes: 2, location: 'zoom' },
        ],
      }),
    ).toEqual([
      ['/booking/noticeHours', 'must be at most 720'],
      [
        '/booking/rooms',
        'must be one of: { "kind": "none" }: meetings get no video room; { "kind": "jitsi", "baseUrl": ' +
          '"https://meet.example.com/" }: each meeting gets its own room on that Jitsi-compatible server (an ' +
          'https address ending in /); { "kind": "coach" }: each coach\'s own fixed room address',
      ],
      ['/booking/meetingTypes/0', 'missing the required property "place"'],
      ['/booking/meetingTypes/1/minutes', 'must be at least 5'],
      ['/booking/meetingTypes/1/location', 'must be one of "video", "place", "phone"'],
    ]);
  });

  it('fails the command with the report', async () => {
    const dir = await tempDir();
    await writeTenant(dir, 'clinic', minimalConfig({ booking: { noticeHours: -1 } }));
    const ctx = testContext(dir);
    expect(await run({ tenant: [] }, ctx)).toBe(3);
    expect(ctx.out.text).toContain('/booking/noticeHours  must be at least 0');
  });
});
