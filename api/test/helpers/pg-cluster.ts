// A throwaway PostgreSQL server the test itself starts, stops and restarts (the fault tests need to take the
// database away): Debian's binaries, run as the postgres user when the test runs as root (initdb refuses
// root), in a temp folder on 127.0.0.1 and one port kept across restarts. Like scripts/with-postgres.sh.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** The folder holding initdb and pg_ctl, newest version first; undefined when PostgreSQL is not installed. */
function findBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((v) => join(root, v, 'bin')).find((dir) => existsSync(join(dir, 'initdb')));
}

/** A port nothing listens on at this moment (the OS picks it). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export interface PgCluster {
  /** postgres://... of the database "portal" on this server. */
  url: string;
  start(): void;
  /** A fast shutdown: the server ends every session, as in a restart or failover. */
  stop(): void;
  destroy(): void;
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = findBin();
  if (!bin) throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb).');
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'portal-faults-pg-'));
  chmodSync(dir, 0o755);
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) =>
    execFileSync(
      root ? 'runuser' : join(bin, tool),
      root ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args,
      {
        stdio: 'pipe',
      },
    );
  const port = await freePort();
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-k ${dir} -p ${port} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/portal`,
    start: () =>
      void run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-o', options, 'start']),
    stop: () => void run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    destroy() {
      try {
        cluster.stop();
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE portal');
  await admin.end();
  return cluster;
}
