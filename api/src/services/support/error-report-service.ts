// The crash screen's reports (SPEC §3 "Error report"). The call needs no token (the crash screen may be signed
// out), so whatever anyone posts is stored: the message is cut to a few KB, visibly, and the log only says that
// a report arrived (its id and request id), so a flood of reports cannot fill the log with strangers' text.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { insertErrorReport } from './error-report-repository.js';

const messageLimit = 4000;

interface ErrorReportInput {
  url: string;
  host: string;
  pathname: string;
  user_id?: string | null;
  message: string;
  subject: string;
}

/** The first `limit` characters, and a line saying how many more were cut. */
const capped = (text: string, limit: number): string =>
  text.length <= limit ? text : `${text.slice(0, limit)}\n[… ${text.length - limit} more characters cut]`;

export function createErrorReportService(db: Kysely<Database>, now: () => Date) {
  return {
    /** Stores the report; returns its id. */
    store(
      report: ErrorReportInput,
      from: { tenantId: number; requestId: string; ip: string },
    ): Promise<number> {
      return insertErrorReport(db, {
        tenant_id: from.tenantId,
        request_id: from.requestId,
        user_id: report.user_id ?? null,
        url: report.url,
        host: report.host,
        pathname: report.pathname,
        subject: report.subject,
        message: capped(report.message, messageLimit),
        ip: from.ip,
        created_at: now(),
      });
    },
  };
}
