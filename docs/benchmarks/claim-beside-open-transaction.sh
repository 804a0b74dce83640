#!/usr/bin/env bash
# The time of a claim of one type while another session holds N uncommitted due tasks of that type ahead of
# its committed ones, on a private MariaDB (its own data directory and port, the default 128 MB buffer pool).
# The claim statement is the store's (SystemAsyncTaskMapper.selectClaimCandidates for one type, 16 tasks),
# run ten times in a rolled-back READ COMMITTED transaction. Prints the open transaction's row locks too.
#
# usage: docs/benchmarks/claim-beside-open-transaction.sh [N ...]   (default: 10000 100000 1000000)
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ $# -gt 0 ]; then sizes=("$@"); else sizes=(10000 100000 1000000); fi

dir=$(mktemp -d /tmp/claim-beside-XXXXXX)
port=$((20000 + RANDOM % 20000))
mariadb-install-db --no-defaults --datadir="$dir/data" --user="$(whoami)" --auth-root-authentication-method=normal \
    --skip-test-db >/dev/null
/usr/sbin/mariadbd --no-defaults --datadir="$dir/data" --port="$port" --socket="$dir/sock" --bind-address=127.0.0.1 \
    --user="$(whoami)" --log-error="$dir/error.log" --pid-file="$dir/pid" &
server=$!
trap 'touch "$dir/release"; sleep 1; kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 60); do mysqladmin -uroot -S "$dir/sock" ping >/dev/null 2>&1 && break; sleep 1; done
sql() { mysql -uroot -S "$dir/sock" -N "$@"; }
sql -e "CREATE DATABASE bench"
sql bench < sql/mysql/system_async_task.sql

claim="START TRANSACTION;
(SELECT t.id, 1 AS claimable FROM (
   (SELECT id, priority, available_at FROM system_async_task FORCE INDEX (idx_async_task_claim)
    WHERE status = 'QUEUED' AND task_type = 'crowded' AND available_at <= NOW(3)
    ORDER BY priority DESC, available_at, id LIMIT 32)
   UNION ALL
   (SELECT id, priority, available_at FROM system_async_task FORCE INDEX (idx_async_task_due)
    WHERE status = 'SCHEDULED' AND task_type = 'crowded' AND available_at <= NOW(3) AND lease_token >= 0
    ORDER BY available_at, id LIMIT 32)) candidate
 STRAIGHT_JOIN system_async_task t FORCE INDEX (PRIMARY) ON t.id = candidate.id
 WHERE t.status IN ('QUEUED', 'SCHEDULED') AND t.available_at <= NOW(3)
 ORDER BY candidate.priority DESC, candidate.available_at, candidate.id LIMIT 16 FOR UPDATE SKIP LOCKED)
UNION ALL
(SELECT t.id, 0 AS claimable FROM
   (SELECT id FROM system_async_task FORCE INDEX (idx_async_task_due)
    WHERE status = 'SCHEDULED' AND task_type = 'crowded' AND available_at <= NOW(3) AND lease_token >= 0
    ORDER BY available_at, id LIMIT 16) due
 STRAIGHT_JOIN system_async_task t FORCE INDEX (PRIMARY) ON t.id = due.id
 WHERE t.status = 'SCHEDULED' AND t.available_at <= NOW(3) FOR UPDATE SKIP LOCKED);
ROLLBACK;"

sql bench -e "INSERT INTO system_async_task (task_type, status, priority, payload, available_at, attempt_count,
    max_attempts, lease_token, create_time, update_time)
    VALUES ('crowded', 'QUEUED', 0, '{}', NOW(3), 0, 3, 0, NOW(3), NOW(3))"
for n in "${sizes[@]}"; do
    rm -f "$dir/release" "$dir/ready"
    {
        echo "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED; SET SESSION max_recursive_iterations = 100000000;"
        echo "START TRANSACTION;"
        echo "INSERT INTO system_async_task (task_type, status, priority, payload, available_at, attempt_count,
              max_attempts, lease_token, create_time, update_time)
              WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < $n)
              SELECT 'crowded', 'QUEUED', 0, '{}', TIMESTAMPADD(SECOND, -60, NOW(3)), 0, 3, 0, NOW(3), NOW(3) FROM s;"
        echo "system touch $dir/ready"
        while [ ! -f "$dir/release" ]; do sleep 1; done
        echo "ROLLBACK;"
    } | sql bench &
    holder=$!
    while [ ! -f "$dir/ready" ]; do sleep 1; done
    start=$(date +%s%N)
    for _ in $(seq 10); do echo "$claim"; done | sql bench >/dev/null
    end=$(date +%s%N)
    locks=$(sql -e "SELECT MAX(trx_rows_locked) FROM information_schema.INNODB_TRX")
    echo "open_rows=$n claim_ms=$(( (end - start) / 10000000 )) open_transaction_row_locks=$locks"
    touch "$dir/release"
    wait "$holder"
done
