// What the API emits, read by the software a customer's own systems use, not by our own parsers:
// openapi-typescript, the usual client generator, turns the integration API's OpenAPI document into types naming
// every route; ical.js, the calendar library behind many web calendars, reads a meeting invitation as mailed (its
// time, title, place, organizer, attendee, sequence) and its cancellation. (Stripe's SDK verifying our webhook
// signatures: webhook-signature.test.ts.)
import ICAL from 'ical.js';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../src/routes/index.js';
import { as, startSignedIn } from './helpers/coach.js';
import { Harness } from './helpers/harness.js';
import { mailsTo, waitForMail } from './helpers/mail.js';
import type { Mail } from './helpers/mail.js';
import type { Person } from './helpers/sign-in.js';

const h = new Harness();
let coach: Person;
let client: Person;

beforeAll(async () => {
  [coach, client] = await startSignedIn(h, 'coach', 'client');
});
afterAll(() => h.stop());

describe('openapi-typescript reads the integration API document', () => {
  it('generates types with every integration route and its methods', async () => {
    const res = await h.call('GET', '/integration/v1/openapi.json', { tenant: null });
    expect(res.statusCode).toBe(200);
    const source = astToString(await openapiTS(res.json()));
    expect(source).toContain('export interface paths');
    const routes = routeTable.filter(
      ([, url]) => url.startsWith('/integration/v1/') && !url.endsWith('openapi.json'),
    );
    expect(routes.length).toBeGreaterThan(5);
    for (const [method, url] of routes) {
      // The generator writes each path as a quoted key, with its parameters as `{name}`, and each method as a key.
      const path = url.replace(/:(\w+)/g, '{$1}');
      const start = source.indexOf(`"${path}": {`);
      expect(start, `${path} in the generated paths`).toBeGreaterThan(-1);
      const block = source.slice(start, source.indexOf('\n    };', start));
      expect(block, `${String(method)} ${path}`).toMatch(
        new RegExp(
          `\\n\\s+${String(method).toLowerCase()}: operations\\[|\\n\\s+${String(method).toLowerCase()}: \\{`,
        ),
      );
    }
  });
});

describe('ical.js reads a mailed meeting invitation', () => {
  const icsOf = (mail: Mail) => {
    const file = mail.attachments?.find((a) => a.contentType.startsWith('text/calendar'));
    expect(file).toBeDefined();
    return new ICAL.Component(ICAL.parse(file!.content));
  };

  it('as the meeting, then its cancellation with the same UID', async () => {
    const before = (await mailsTo(h.mailDir, client.user.email)).length;
    const booked = await as(h, coach, 'POST', '/api/v1/coach/meetings', {
      client_id: client.user.id,
      title: 'Review; plans, and next steps',
      agenda: 'Line one\nLine two',
      start: '2027-04-06T10:00',
      duration_minutes: 45,
      place: 'Office, 2nd floor',
      meeting_url: 'https://meet.example/review',
      confirm_overlap: true,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const meeting = booked.json().data as { id: number; starts_at: string };

    const calendar = icsOf(await waitForMail(h.mailDir, client.user.email, before + 1));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    // The title, then the tenant's name (contracts/ics.ts), as the calendar shows it.
    expect(event.summary).toBe('Review; plans, and next steps (Alpha Coaching)');
    expect(event.description).toBe('Line one\nLine two');
    expect(event.location).toBe('Office, 2nd floor');
    expect(event.startDate.toJSDate().toISOString()).toBe(meeting.starts_at);
    expect(event.duration.toSeconds()).toBe(45 * 60);
    expect(event.organizer).toMatch(/^mailto:/);
    expect(event.attendees.map((a) => a.getFirstValue())).toEqual([`mailto:${client.user.email}`]);
    expect(event.sequence).toBe(0);
    const uid = event.uid;

    const sent = (await mailsTo(h.mailDir, client.user.email)).length;
    const cancelled = await as(h, coach, 'POST', `/api/v1/coach/meetings/${meeting.id}/cancel`, {
      id: meeting.id,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const cancel = icsOf(await waitForMail(h.mailDir, client.user.email, sent + 1));
    expect(cancel.getFirstPropertyValue('method')).toBe('CANCEL');
    const gone = new ICAL.Event(cancel.getFirstSubcomponent('vevent')!);
    expect(gone.uid).toBe(uid);
    expect(gone.sequence).toBeGreaterThan(0);
    expect(gone.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });
});
