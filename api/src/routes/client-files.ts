// Sends a generated CSV as a download: the browser saves it under `filename` instead of showing it.
import type { FastifyReply } from 'fastify';

export function sendCsv(reply: FastifyReply, filename: string, csv: string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
