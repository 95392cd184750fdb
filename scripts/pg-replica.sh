#!/usr/bin/env bash
# A streaming replica of the PostgreSQL at 127.0.0.1:5432 (CI: the report tests read from it, DATABASE_READ_URL):
# `bash scripts/pg-replica.sh [port] [folder]` makes it with pg_basebackup -R and starts it as the postgres user
# (PostgreSQL refuses root); pg_hba gets trusted local replication if it has none. Stop: pg_ctl -D folder stop.
set -euo pipefail
psqlp() { psql -X -q -U postgres -h 127.0.0.1 -p 5432 -Atc "$1"; }
major=$(( $(psqlp 'show server_version_num') / 10000 ))
bin=/usr/lib/postgresql/$major/bin
if [ "${1:-}" = stop ]; then
  dir=${2:-/tmp/hr-replica}
  [ -f "$dir/postmaster.pid" ] && runuser -u postgres -- "$bin/pg_ctl" -D "$dir" -m fast -w stop >/dev/null || true
  rm -rf "$dir"
  exit 0
fi
port=${1:-5433}; dir=${2:-/tmp/hr-replica}
if [ "$(psqlp "select count(*) from pg_hba_file_rules where 'replication' = any(database) and auth_method = 'trust' and (type = 'local' or address = '127.0.0.1')")" = 0 ]; then
  hba=$(psqlp 'show hba_file')
  printf 'local replication all trust\nhost replication all 127.0.0.1/32 trust\n' >> "$hba"
  psqlp 'select pg_reload_conf()' >/dev/null
fi
[ -f "$dir/postmaster.pid" ] && runuser -u postgres -- "$bin/pg_ctl" -D "$dir" -m immediate stop >/dev/null 2>&1 || true
rm -rf "$dir"; mkdir -p "$dir"; chown postgres: "$dir"; chmod 700 "$dir"
runuser -u postgres -- pg_basebackup -h 127.0.0.1 -p 5432 -U postgres -D "$dir" -R -X stream -c fast
cat >> "$dir/postgresql.conf" <<CONF
port = $port
listen_addresses = '127.0.0.1'
unix_socket_directories = '/tmp'
hot_standby = on
max_connections = $(psqlp 'show max_connections')
CONF
printf 'local all all trust\nhost all all 127.0.0.1/32 trust\n' > "$dir/pg_hba.conf"
chown postgres: "$dir/postgresql.conf" "$dir/pg_hba.conf"
runuser -u postgres -- "$bin/pg_ctl" -D "$dir" -l "$dir/log" -w -t 120 start >/dev/null
echo "replica of 127.0.0.1:5432 on 127.0.0.1:$port (in recovery: $(psql -X -U postgres -h 127.0.0.1 -p "$port" -Atc 'select pg_is_in_recovery()'))"
