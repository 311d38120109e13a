// The Kysely view of the schema: generated-types.ts, written from the migrations by `npm run db:types`, with the
// column values the schema cannot say taken from column-types.ts. A new column is a migration and that command.
import type { Insertable, Selectable } from 'kysely';
import type { AuthEvents, DB, ErrorReports, Metrics, Tasks, Tenants, Users } from './generated-types.js';

export type Database = DB;

export type { ApiKeyScope, RequestStatus } from './column-types.js';
export type { AuthEvents as AuthEventsTable, Metrics as MetricsTable, Tasks as TasksTable };

export type User = Selectable<Users>;
export type NewUser = Insertable<Users>;
export type Tenant = Selectable<Tenants>;
export type NewErrorReport = Insertable<ErrorReports>;
