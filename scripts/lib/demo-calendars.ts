/**
 * The demo coaches' own calendars, served as a calendar app serves a secret iCal address: a local stack's API
 * (seeded-api.ts) starts this in its own process, so it lives and ends with the API, and the seed adds each demo
 * coach's calendar at this address. Only /demo-calendars/<tenant>/<coach user id>.ics answers, with the text
 * api/src/seed/demo-calendar.ts writes for that tenant's demo business at the time of the request.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoCalendar } from '../../api/src/seed/demo-calendar.js';
import { demoSetFor } from '../../api/src/seed/sets/index.js';

const PATH = /^\/demo-calendars\/([a-z0-9-]+)\/(\d+)\.ics$/;

/** Listens on 127.0.0.1 at a free port; resolves to its origin (http://127.0.0.1:port). */
export async function serveDemoCalendars(): Promise<string> {
  const server = createServer((request, response) => {
    const match = PATH.exec(request.url ?? '');
    if (request.method !== 'GET' || !match) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' })
      .end(demoCalendar(demoSetFor(match[1]!).timeZone, new Date()));
  });
  // The API's process ends with the stack; the server must not keep it alive on its own.
  server.unref();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
