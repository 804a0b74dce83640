package com.tudicloud.asynctask.mybatis;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Fills system_async_task with millions of rows made by the server (INSERT ... SELECT over a cross join
 * of a digits table; MySQL and MariaDB both run it), shaped as a production table is, not evenly:
 * <ul>
 *     <li>a month of finished tasks, denser towards the present (the age grows with the square of the
 *     distance from the newest row), about 95% SUCCESS, 3% FAILED, 1.5% CANCELLED;</li>
 *     <li>a day, five days ago, when most tasks failed;</li>
 *     <li>a last hour that holds only {@code lastHourShare} of the rows;</li>
 *     <li>a queue (0.4%, a third not due yet) and running leases (0.1%), created in the last minutes;</li>
 *     <li>five task types and 300 owners, both skewed, a third of the tasks without owner.</li>
 * </ul>
 * Pseudo-random but repeatable: every choice comes from CRC32 of the row number.
 */
final class SkewedTaskTable {

    private static final int MILLION = 1_000_000;
    private static final long MONTH_SECONDS = 30L * 24 * 3600;

    private SkewedTaskTable() {
    }

    static void fill(JdbcTemplate jdbc, long rows, double lastHourShare) {
        jdbc.execute("CREATE TEMPORARY TABLE digits (d INT NOT NULL PRIMARY KEY)");
        jdbc.execute("INSERT INTO digits VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)");
        long chunk = Math.min(rows, MILLION);
        int digits = (int) Math.ceil(Math.log10(chunk));
        StringBuilder numbers = new StringBuilder("SELECT ? + d0.d");
        StringBuilder from = new StringBuilder(" FROM digits d0");
        for (int i = 1; i < digits; i++) {
            numbers.append(" + ").append((long) Math.pow(10, i)).append(" * d").append(i).append(".d");
            from.append(" CROSS JOIN digits d").append(i);
        }
        String sequence = numbers + " AS n" + from;
        long lastHourFrom = rows - Math.round(rows * lastHourShare);
        // one transaction per chunk keeps the undo log small
        for (long first = 0; first < rows; first += chunk) {
            jdbc.update(insert(sequence), lastHourFrom, rows, rows - lastHourFrom, lastHourFrom, lastHourFrom, first, rows);
        }
        jdbc.execute("DROP TEMPORARY TABLE digits");
    }

    /**
     * Row n's age in seconds: the rows from {@code lastHourFrom} on spread over the last hour, the others
     * over the month before it, denser towards the present. Parameters: lastHourFrom, rows, rows in the
     * last hour, lastHourFrom twice, the chunk's first row number, rows.
     */
    private static String insert(String sequence) {
        return """
                INSERT INTO system_async_task
                    (task_type, status, priority, payload, owner_id, available_at, attempt_count, max_attempts,
                     lease_owner, lease_until, lease_token, progress, create_time, update_time, started_at, finished_at)
                SELECT type, status, priority, NULL, owner, TIMESTAMPADD(SECOND, due - age - 5, NOW(3)),
                       1, 3, IF(status = 'QUEUED', NULL, 'worker-1'),
                       IF(status = 'RUNNING', TIMESTAMPADD(SECOND, 30, NOW(3)), NULL), 1, NULL,
                       TIMESTAMPADD(SECOND, -age - 5, NOW(3)), TIMESTAMPADD(SECOND, -age, NOW(3)),
                       IF(status = 'QUEUED', NULL, TIMESTAMPADD(SECOND, -age - 2, NOW(3))),
                       IF(status IN ('QUEUED', 'RUNNING'), NULL, TIMESTAMPADD(SECOND, -age, NOW(3)))
                FROM (
                    SELECT n,
                           CASE WHEN kind >= 9990 THEN 'RUNNING' WHEN kind >= 9950 THEN 'QUEUED'
                                WHEN bad_day AND kind < 7000 THEN 'FAILED'
                                WHEN kind < 9500 THEN 'SUCCESS' WHEN kind < 9800 THEN 'FAILED' ELSE 'CANCELLED' END AS status,
                           CASE WHEN kind >= 9950 THEN CRC32(CONCAT('age', n)) % 600
                                ELSE age END AS age,
                           IF(kind BETWEEN 9950 AND 9989 AND kind % 3 = 0, 3600, 0) AS due,
                           ELT(1 + FLOOR(POW((CRC32(CONCAT('type', n)) % 1000) / 1000, 2) * 5),
                               'mail', 'report', 'export', 'thumbnail', 'sms') AS type,
                           IF(CRC32(CONCAT('owner', n)) % 3 = 0, NULL,
                              CONCAT('user-', FLOOR(POW((CRC32(CONCAT('who', n)) % 1000) / 1000, 2) * 300))) AS owner,
                           IF(CRC32(CONCAT('prio', n)) % 10 < 6, 0, CRC32(CONCAT('prio', n)) % 10) AS priority
                    FROM (
                        SELECT n, kind, age, age BETWEEN 4 * 86400 AND 5 * 86400 AS bad_day
                        FROM (
                            SELECT n, CRC32(n) % 10000 AS kind,
                                   CASE WHEN n >= ? THEN FLOOR(3600 * (? - n) / ?)
                                        ELSE 3600 + FLOOR(MONTH_SECONDS * POW((? - n) / ?, 2)) END AS age
                            FROM (SEQUENCE) numbers
                            WHERE n < ?
                        ) aged
                    ) flagged
                ) rows_made
                """.replace("MONTH_SECONDS", String.valueOf(MONTH_SECONDS)).replace("SEQUENCE", sequence);
    }
}
