// A short-lived connection to a PostgreSQL server's maintenance database, for creating and dropping the
// tests' databases.
import pg from 'pg';

export async function onServer<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
