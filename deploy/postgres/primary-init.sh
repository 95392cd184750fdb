#!/usr/bin/env bash
# Run once by the postgres image on the primary's first start (docker-entrypoint-initdb.d): a role the replica copies
# and streams with, allowed to connect for replication from the compose network.
set -euo pipefail
psql -v ON_ERROR_STOP=1 -U "$POSTGRES_USER" -d "$POSTGRES_DB" \
  -c "create role replicator with replication login password '${REPLICATION_PASSWORD}'"
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
