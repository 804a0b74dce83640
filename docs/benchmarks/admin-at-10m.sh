#!/usr/bin/env bash
# The admin API's reads on a task table of ten million rows, through real HTTP: the task list (first page,
# the deepest page the list limit allows, filtered pages), the overview's statistics and a bulk dry run.
#
#   1. fill a scratch database:   docs/benchmarks/admin-at-10m.sh fill <database>
#   2. start the admin jar on it (spring.liquibase.enabled=false, an API token of role OPERATOR), then
#      docs/benchmarks/admin-at-10m.sh measure <base-url> <token> [rounds]
#
# The table: 100 chunks of 100,000 rows, each one INSERT ... SELECT; 95.8% SUCCESS, 3% FAILED, 1% CANCELLED
# spread over 30 days, and among the newest 200,000 rows 20,000 QUEUED, 5,000 SCHEDULED and 200 RUNNING;
# report.export half the rows, mail.send a quarter, 37 rare types, and audit.rare in 100 rows.
set -euo pipefail
case "${1:-}" in
fill)
    db="$2"
    repo="$(cd "$(dirname "$0")/../.." && pwd)"
    mysql -uroot -e "DROP DATABASE IF EXISTS $db; CREATE DATABASE $db CHARACTER SET utf8mb4"
    mysql -uroot "$db" < "$repo/sql/mysql/system_async_task.sql"
    mysql -uroot "$db" -e "CREATE TABLE seq (n INT NOT NULL PRIMARY KEY) ENGINE=InnoDB;
      INSERT INTO seq (n) WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < 99999)
      SELECT n FROM d;" 2>/dev/null || mysql -uroot "$db" -e "SET SESSION cte_max_recursion_depth = 100000;
      INSERT INTO seq (n) WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < 99999) SELECT n FROM d;"
    for c in $(seq 0 99); do
        if [ "$c" -ge 98 ]; then
            status="CASE WHEN k % 10 = 0 THEN 'QUEUED' WHEN k % 40 = 1 THEN 'SCHEDULED' WHEN k % 1000 = 3 THEN 'RUNNING'
                     WHEN k % 100 < 5 THEN 'FAILED' ELSE 'SUCCESS' END"
        else
            status="CASE WHEN k % 100 < 3 THEN 'FAILED' WHEN k % 100 = 3 THEN 'CANCELLED' ELSE 'SUCCESS' END"
        fi
        mysql -uroot "$db" -e "
        INSERT INTO system_async_task (task_type, status, priority, payload, owner_id, available_at, attempt_count,
           max_attempts, lease_owner, lease_until, lease_token, last_error, create_time, update_time, started_at, finished_at)
        SELECT task_type, status, 0, CONCAT('{\"rows\": 500, \"note\": \"', REPEAT('x', 40), '\"}'), CONCAT('owner-', k % 5000),
           IF(status = 'SCHEDULED', TIMESTAMPADD(HOUR, 6, ct), ct), IF(status IN ('QUEUED','SCHEDULED'), 0, 1), 3,
           IF(status IN ('QUEUED','SCHEDULED'), NULL, 'bench-worker'), IF(status = 'RUNNING', TIMESTAMPADD(HOUR, 24, NOW(3)), NULL),
           IF(status IN ('QUEUED','SCHEDULED'), 0, 1),
           IF(status = 'FAILED', CONCAT('java.lang.IllegalStateException: export ', k, ' failed'), NULL),
           ct, TIMESTAMPADD(SECOND, 2, ct), IF(status IN ('QUEUED','SCHEDULED'), NULL, ct),
           IF(status IN ('SUCCESS','FAILED','CANCELLED'), TIMESTAMPADD(SECOND, 2, ct), NULL)
        FROM (SELECT k, ct, $status AS status,
                CASE WHEN k % 100000 = 7 THEN 'audit.rare' WHEN k % 2 = 0 THEN 'report.export' WHEN k % 4 = 1 THEN 'mail.send'
                     ELSE CONCAT('type.', k % 37) END AS task_type
              FROM (SELECT $c * 100000 + n AS k,
                           TIMESTAMPADD(MICROSECOND, ($c * 100000 + n) * 259200, TIMESTAMPADD(DAY, -30, NOW(3))) AS ct
                    FROM seq) s) r
        ORDER BY k;"
    done
    mysql -uroot "$db" -e "DROP TABLE seq; ANALYZE TABLE system_async_task; SELECT status, COUNT(*) FROM system_async_task GROUP BY status"
    ;;
measure)
    base="$2"; token="$3"; rounds="${4:-7}"
    time_get() {   # median and slowest of $rounds GETs, in milliseconds
        local path="$1" times=()
        for _ in $(seq 1 "$rounds"); do
            times+=("$(curl -s -o /dev/null -w '%{http_code} %{time_total}' -H "Authorization: Bearer $token" "$base$path")")
        done
        printf '%s\n' "${times[@]}" | awk -v p="$path" '{ if ($1 != 200) bad = bad " " $1; t[NR] = $2 * 1000 }
            END { n = asort(t); printf "%-70s median %7.1f ms  max %7.1f ms%s\n", p, t[int((n + 1) / 2)], t[n], bad ? "  HTTP" bad : "" }'
    }
    time_post() {
        local path="$1" body="$2" times=()
        for _ in $(seq 1 "$rounds"); do
            times+=("$(curl -s -o /dev/null -w '%{http_code} %{time_total}' -H "Authorization: Bearer $token" \
                -H 'Content-Type: application/json' -d "$body" "$base$path")")
        done
        printf '%s\n' "${times[@]}" | awk -v p="POST $path $body" '{ if ($1 != 200) bad = bad " " $1; t[NR] = $2 * 1000 }
            END { n = asort(t); printf "%-70s median %7.1f ms  max %7.1f ms%s\n", p, t[int((n + 1) / 2)], t[n], bad ? "  HTTP" bad : "" }'
    }
    time_get "/api/tasks"
    time_get "/api/tasks?page=49&size=200"
    time_get "/api/tasks?page=499&size=20"
    time_get "/api/tasks?status=FAILED"
    time_get "/api/tasks?status=FAILED&page=49&size=200"
    time_get "/api/tasks?status=CANCELLED"
    time_get "/api/tasks?taskType=audit.rare"
    time_get "/api/tasks?ownerId=owner-42"
    time_get "/api/tasks?status=QUEUED&taskType=report.export"
    time_get "/api/stats"
    time_get "/api/task-types"
    time_get "/api/audit"
    time_post "/api/tasks/bulk-retry" '{"statuses": ["FAILED"], "dryRun": true}'
    time_post "/api/tasks/bulk-retry" '{"statuses": ["FAILED"], "taskType": "type.5", "dryRun": true}'
    time_post "/api/tasks/bulk-cancel" '{"all": true, "dryRun": true}'
    time_post "/api/tasks/bulk-retry" '{"taskType": "audit.rare", "dryRun": true}'
    ;;
*)
    echo "usage: $0 fill <database> | measure <base-url> <token> [rounds]" >&2
    exit 2
    ;;
esac
