// Tells an outage of the database (stopped, restarting, unreachable, too slow) from a bug, so the error
// handler can answer 503 "try again" instead of 500 "quote this id".
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// SQLSTATE: 57014 a statement cancelled by statement_timeout; 57P01-57P03 the server shutting down, crashed
// or still starting; 53300 no connection slot left; class 08 a broken connection.
const serverCodes = new Set(['57014', '57P01', '57P02', '57P03', '53300']);

// node-postgres says these in words only: no free connection in time, a connection closed under a query.
const poolMessages = [/timeout exceeded when trying to connect/i, /connection terminated/i, /not queryable/i];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  return (
    networkCodes.has(code) ||
    serverCodes.has(code) ||
    code.startsWith('08') ||
    poolMessages.some((pattern) => pattern.test(error.message))
  );
}
