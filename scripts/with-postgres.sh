#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster:
#   bash scripts/with-postgres.sh npx vitest run --project api
# Starts Debian's server (installing it if missing) as the postgres user in a temp folder on 127.0.0.1 and a
# free port, creates the database "portal", exports DATABASE_URL, runs the command, then stops the cluster
# and deletes the folder whatever happens. Exits with the command's exit code.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: bash scripts/with-postgres.sh <command> [args...]" >&2
  exit 2
fi

# The folder holding initdb, pg_ctl and createdb together (a lone initdb on PATH may be a symlink).
find_bin() {
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ]; then echo "$dir"; return; fi
  done
  if command -v initdb >/dev/null 2>&1; then dirname "$(readlink -f "$(command -v initdb)")"; fi
}

PG_BIN="$(find_bin)"
if [ -z "$PG_BIN" ]; then
  echo "PostgreSQL not found: installing it with apt-get (about a minute)." >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  PG_BIN="$(find_bin)"
fi
if [ -z "$PG_BIN" ]; then
  echo "Could not find initdb after installing postgresql." >&2
  exit 1
fi

# initdb refuses to run as root, so the cluster belongs to the postgres user; as that user, run directly.
as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then
    if command -v runuser >/dev/null 2>&1; then runuser -u postgres -- "$@"; else su postgres -s /bin/sh -c "$(printf '%q ' "$@")"; fi
  else
    "$@"
  fi
}

DIR="$(mktemp -d /tmp/portal-pg.XXXXXX)"
chmod 755 "$DIR"
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql --shell /bin/sh postgres
  chown postgres: "$DIR"
fi

PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
STARTED=0

cleanup() {
  if [ "$STARTED" -eq 1 ]; then as_postgres "$PG_BIN/pg_ctl" -D "$DIR/data" -m fast stop >/dev/null 2>&1 || true; fi
  rm -rf "$DIR"
}
trap cleanup EXIT

as_postgres "$PG_BIN/initdb" -D "$DIR/data" -A trust -U postgres --no-sync >"$DIR/initdb.log" 2>&1 || {
  cat "$DIR/initdb.log" >&2
  exit 1
}
as_postgres "$PG_BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
  -o "-k $DIR -p $PORT -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null || {
  cat "$DIR/server.log" >&2
  exit 1
}
STARTED=1
as_postgres "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres portal

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/portal"
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT (DATABASE_URL set)" >&2

set +e
"$@"
STATUS=$?
set -e
exit "$STATUS"
