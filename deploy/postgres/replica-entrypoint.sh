#!/usr/bin/env bash
# The streaming replica: on its first start, a copy of the primary by pg_basebackup -R (which writes
# standby.signal and primary_conninfo), then PostgreSQL as a hot standby; later starts resume streaming.
set -euo pipefail
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready -h "$PRIMARY_HOST" -p 5432 -q; do sleep 1; done
  export PGPASSWORD="$REPLICATION_PASSWORD"
  pg_basebackup -h "$PRIMARY_HOST" -p 5432 -U replicator -D "$PGDATA" -R -X stream -c fast
  chmod 700 "$PGDATA"
fi
exec postgres -c hot_standby=on
