#!/usr/bin/env bash
# The restore drill of docs/deploy.md: dump the database at DATABASE_URL with pg_dump, drop the
# scratch database (a previous drill's), restore the dump into it, and check that every table
# holds as many rows as the source and that the app finds its migrations current there.
# The source is only read, and counted in the snapshot the dump copies, so the drill can run
# against production's database while it serves.
#
#   DATABASE_URL=postgres://user@host:5432/reachout scripts/restore-drill.sh
#
# SCRATCH_DB names the scratch database (default reachout_restore_drill), on the same server
# unless SCRATCH_URL names another; KEEP_SCRATCH=1 leaves it for inspection; DUMP_FILE keeps the
# dump there instead of a temporary file.
#
# With SOURCE_APP_URL (the running app on the source, e.g. https://reachout.example.edu) and
# DRILL_TOKEN (a session token of a drill account, from logging in there), the drill then starts
# the built app (server/dist, `npm run build`) as a web process on the restored copy, with this
# shell's environment (run it with production's: the same JWT_SECRET makes the session valid
# there too), and checks that it answers DRILL_PATHS exactly as the running app does.
set -euo pipefail

: "${DATABASE_URL:?set DATABASE_URL to the database to dump}"
SCRATCH_DB="${SCRATCH_DB:-reachout_restore_drill}"
base="${DATABASE_URL%%\?*}"
SCRATCH_URL="${SCRATCH_URL:-${base%/*}/${SCRATCH_DB}}"
MAINTENANCE_URL="${SCRATCH_URL%/*}/postgres"
dump="${DUMP_FILE:-$(mktemp -t reachout-drill-XXXXXX.dump)}"
here="$(cd "$(dirname "$0")/.." && pwd)"

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

# Exact row counts of every table of the app's schema and pg-boss's, one "schema.table count" a line.
COUNT_TABLES="select format('select %L || '' '' || count(*) from %I.%I;', n.nspname || '.' || c.relname, n.nspname, c.relname)
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where c.relkind in ('r', 'p') and n.nspname in ('public', 'pgboss')
 order by 1
\\gexec"
row_counts() {
  printf '%s\n' "$COUNT_TABLES" | psql "$1" -XAt -v ON_ERROR_STOP=1 | sort
}

# The source is counted in the very snapshot pg_dump copies: a session holds a repeatable-read
# transaction open, exports its snapshot for pg_dump, then counts inside it. So the check holds
# on a database taking writes.
coproc SOURCE { psql "$DATABASE_URL" -XAtq -v ON_ERROR_STOP=1; }
trap 'kill "${SOURCE_PID:-}" 2>/dev/null || true' EXIT
printf '%s\n' "begin isolation level repeatable read read only;" "select pg_export_snapshot();" >&"${SOURCE[1]}"
read -r snapshot <&"${SOURCE[0]}"

start=$(now)
steps=4
[ -n "${SOURCE_APP_URL:-}" ] && steps=5
echo "1/$steps dumping ${base##*/} (pg_dump, custom format)"
pg_dump --format=custom --no-owner --snapshot="$snapshot" --file="$dump" "$DATABASE_URL"
dumped=$(now)
echo "    $(du -h "$dump" | cut -f1) in $(elapsed "$start" "$dumped") s"

echo "2/$steps dropping and re-creating the scratch database ${SCRATCH_DB}"
psql "$MAINTENANCE_URL" -XAtq -v ON_ERROR_STOP=1 -c "drop database if exists \"${SCRATCH_DB}\" with (force)"
psql "$MAINTENANCE_URL" -XAtq -v ON_ERROR_STOP=1 -c "create database \"${SCRATCH_DB}\""

echo "3/$steps restoring (pg_restore)"
restore_start=$(now)
pg_restore --no-owner --exit-on-error --jobs=2 --dbname="$SCRATCH_URL" "$dump"
restored=$(now)
echo "    in $(elapsed "$restore_start" "$restored") s"

echo "4/$steps comparing row counts and migrations"
printf '%s\n' "$COUNT_TABLES" "select 'END-OF-COUNTS';" >&"${SOURCE[1]}"
source_counts=""
while read -r line <&"${SOURCE[0]}" && [ "$line" != "END-OF-COUNTS" ]; do
  source_counts+="$line"$'\n'
done
printf '%s\n' "commit;" "\\q" >&"${SOURCE[1]}"
source_counts=$(printf '%s' "$source_counts" | sort)
scratch_counts=$(row_counts "$SCRATCH_URL")
tables=$(printf '%s\n' "$source_counts" | grep -c .)
rows=$(printf '%s\n' "$source_counts" | awk '{ s += $2 } END { print s + 0 }')
if [ "$source_counts" != "$scratch_counts" ]; then
  echo "FAILED: row counts differ (source < >, restored):" >&2
  diff <(printf '%s\n' "$source_counts") <(printf '%s\n' "$scratch_counts") >&2 || true
  exit 1
fi
# The restored database is one the app can serve: this release has no migration left to apply.
migrated=$(cd "$here" && DATABASE_URL="$SCRATCH_URL" npm run --silent migrate)
echo "    $migrated"
case "$migrated" in
  *"no migration to apply"*) ;;
  *) echo "FAILED: the restored database was missing migrations" >&2; exit 1 ;;
esac

# The app on the restored copy serves what the running app serves: the same answers, byte for
# byte, to the drill account's reads.
served=""
if [ -n "${SOURCE_APP_URL:-}" ]; then
  : "${DRILL_TOKEN:?set DRILL_TOKEN to a session token of the drill account at SOURCE_APP_URL}"
  DRILL_PATHS="${DRILL_PATHS:-/api/user/profile /api/user/credits /api/my-network/mine?limit=100}"
  echo "5/$steps starting the app on the restored copy and comparing its answers"
  app_start=$(now)
  port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  app_log=$(mktemp -t reachout-drill-app-XXXXXX.log)
  (cd "$here" && DATABASE_URL="$SCRATCH_URL" PORT="$port" HOST=127.0.0.1 PROCESS_ROLE=web \
    MIGRATE_ON_START=false SEED_DEMO=false exec node server/dist/main.js) >"$app_log" 2>&1 &
  app_pid=$!
  trap 'kill "${SOURCE_PID:-}" "${app_pid:-}" 2>/dev/null || true' EXIT
  restored_url="http://127.0.0.1:${port}"
  for _ in $(seq 1 300); do
    curl -fsS "$restored_url/api/ready" >/dev/null 2>&1 && break
    kill -0 "$app_pid" 2>/dev/null || { echo "FAILED: the app did not start:" >&2; cat "$app_log" >&2; exit 1; }
    sleep 0.2
  done
  curl -fsS "$restored_url/api/ready" >/dev/null || { echo "FAILED: the app is not ready" >&2; cat "$app_log" >&2; exit 1; }
  for path in $DRILL_PATHS; do
    from_source=$(curl -fsS -H "Authorization: Bearer $DRILL_TOKEN" "${SOURCE_APP_URL%/}$path")
    from_restored=$(curl -fsS -H "Authorization: Bearer $DRILL_TOKEN" "$restored_url$path") || {
      echo "FAILED: the restored app refused GET $path" >&2; exit 1; }
    if [ "$from_source" != "$from_restored" ]; then
      echo "FAILED: GET $path differs (source < >, restored):" >&2
      diff <(printf '%s\n' "$from_source") <(printf '%s\n' "$from_restored") >&2 || true
      exit 1
    fi
    echo "    GET $path: the same ${#from_restored} bytes"
  done
  kill "$app_pid" && wait "$app_pid" 2>/dev/null || true
  rm -f "$app_log"
  served="; the app on it served the same answers ($(elapsed "$app_start" "$(now)") s)"
fi
done_at=$(now)

[ -n "${DUMP_FILE:-}" ] || rm -f "$dump"
if [ "${KEEP_SCRATCH:-0}" != "1" ]; then
  psql "$MAINTENANCE_URL" -XAtq -c "drop database if exists \"${SCRATCH_DB}\" with (force)"
fi
echo "OK: ${tables} tables, ${rows} rows, equal in the restored copy${served}; dump $(elapsed "$start" "$dumped") s, restore $(elapsed "$restore_start" "$restored") s, drill $(elapsed "$start" "$done_at") s"
