/**
 * A local stack's API at its first start (api-process.ts): the demo data seeded, then the server, in this one
 * process. Two processes in turn (the seed, then the server) each started Node, loaded the API's modules and
 * opened PGlite, whose first opening in a process compiles its WebAssembly: about 2 s of a quiet machine's time,
 * twice that on a busy one, once per browser test file and per `npm start`. The seed closes the folder before
 * the server opens it (PGlite allows one instance per folder), as the two processes did.
 */
import { readConfig } from '../../api/src/config.js';
import { seedConfigured } from '../../api/src/seed/seed-configured.js';
import { serveDemoCalendars } from './demo-calendars.js';

// The demo coaches' own calendars, which the seed adds by this address (it changes with each start).
const calendarOrigin = await serveDemoCalendars();
// The server loads the same tenant files and reports what is wrong with them in its own log.
await seedConfigured(readConfig(), () => undefined, { calendarOrigin });
await import('../../api/src/server.js');
