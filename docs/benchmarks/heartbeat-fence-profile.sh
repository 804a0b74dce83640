#!/usr/bin/env bash
# What the server spends on a heartbeat's UPDATE of 1,000 leases, with and without the fence's list of
# (id, lease_token) pairs: a copy of the task table in a scratch database (1,000 RUNNING rows of one worker,
# 50,000 finished ones), each statement 15 times, the median of SHOW PROFILES. Needs the benchmark's database
# (async_task_bench) for the table's definition and a local MariaDB (root, no password).
set -euo pipefail
db=${1:-async_task_fence_profile}
mysql -uroot -e "CREATE DATABASE IF NOT EXISTS $db; USE $db; DROP TABLE IF EXISTS t; CREATE TABLE t LIKE async_task_bench.system_async_task;
INSERT INTO t (task_type, status, available_at, lease_owner, lease_until, lease_token, create_time, update_time)
  SELECT 'x', 'RUNNING', NOW(3), 'w1', NOW(3), 1, NOW(3), NOW(3) FROM seq_1_to_1000;
INSERT INTO t (task_type, status, available_at, create_time, update_time, finished_at)
  SELECT 'x', 'SUCCESS', NOW(3), NOW(3), NOW(3), NOW(3) FROM seq_1_to_50000;"
ids=$(seq -s, 1 1000)
pairs=$(seq 1 1000 | sed 's/.*/(&,1)/' | paste -sd,)
renew="UPDATE t FORCE INDEX (PRIMARY) SET lease_until = TIMESTAMPADD(MICROSECOND, 30000000, NOW(3)), update_time = NOW(3)
  WHERE status IN ('RUNNING', 'CANCEL_REQUESTED') AND lease_owner = 'w1' AND lease_until > NOW(3) AND id IN ($ids)"
profile() {
    { echo "UPDATE t SET lease_until = NOW(3) + INTERVAL 1 DAY WHERE status = 'RUNNING';"
      echo "SET profiling = 1; SET profiling_history_size = 100;"
      for _ in $(seq 15); do echo "$2;"; done
      echo "SHOW PROFILES;"; } | mysql -uroot "$db" \
        | awk '$3 ~ /^UPDATE/ && $0 !~ /INTERVAL 1 DAY/ {print $2}' | sort -n \
        | awk -v name="$1" '{a[NR] = $1} END {printf "%s: median %.1f ms of %d\n", name, a[int(NR / 2) + 1] * 1000, NR}'
}
profile "with the pairs (as the store sends it)" "$renew AND (id, lease_token) IN ($pairs)"
profile "without the pairs" "$renew"
mysql -uroot -e "DROP DATABASE $db"
