package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.QueueProbe;
import com.tudicloud.asynctask.testing.DatabaseServer;
import com.tudicloud.asynctask.testing.SchemaScripts;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What one claim reads and locks on a skewed table, counted by the server: the session's
 * {@code Handler_read%} counters around the claim, and {@code INNODB_TRX.trx_rows_locked} while its
 * transaction is still open (the claim joins a transaction the test holds, which then rolls back so
 * that every claim meets the same table). The table has a large finished history, a large backlog of
 * one type, a thousand small types, and 100,000 higher-priority tasks of the claimed type that are not
 * due yet, in front of its due ones. A claim must read and lock in proportion to what it takes.
 * <p>
 * Each range a claim walks may also read the first entry past its end: at most one row per range, whatever
 * the table holds. A claim locks rows through the primary key only.
 * <p>
 * The claim is measured without task events: recording them reads each claimed row once more by primary
 * key, in proportion to what the claim takes whatever the table holds (RoundTripBudgetTest counts it).
 */
class SkewedClaimTest {

    private static final int CLAIM = 16;
    private static final int HISTORY = 100_000;
    private static final int BACKLOG = 50_000;
    private static final int SMALL_TYPES = 1_000;
    private static final int PER_SMALL_TYPE = 20;
    private static final int NOT_YET_DUE = 100_000;
    private static final int DUE_MAIL = 200;
    private static final long INNODB_TRX_REFRESH_MILLIS = 200;

    private static ScratchTaskDatabase scratch;
    private static HikariDataSource pool;

    @BeforeAll
    static void fillSkewedTable() {
        scratch = new ScratchTaskDatabase("skewed");
        pool = scratch.pool();
        JdbcTemplate jdbc = new JdbcTemplate(pool);
        long started = System.nanoTime();
        insertFromNumbers(jdbc, HISTORY, "CONCAT('old-', n % 20)", "'SUCCESS'", "0", "TIMESTAMPADD(DAY, -2, NOW(3))",
                "TIMESTAMPADD(DAY, -1, NOW(3))");
        insertFromNumbers(jdbc, BACKLOG, "'bulk'", "'QUEUED'", "5", "TIMESTAMPADD(HOUR, -1, NOW(3))", "NULL");
        insertFromNumbers(jdbc, SMALL_TYPES * PER_SMALL_TYPE, "CONCAT('small-', n % " + SMALL_TYPES + ")", "'QUEUED'", "0",
                "TIMESTAMPADD(MINUTE, -10, NOW(3))", "NULL");
        insertFromNumbers(jdbc, DUE_MAIL, "'mail'", "'QUEUED'", "0", "TIMESTAMPADD(MINUTE, -1, NOW(3))", "NULL");
        // due in an hour and ranked higher: submitted through the store, so stored as a delayed submit is
        submitDelayed(MyBatisStores.create(pool), "mail", 9, NOT_YET_DUE, 3_600_000);
        scratch.filled("skewed table", started);
    }

    @AfterAll
    static void dropDatabase() {
        if (scratch != null) {
            scratch.close();
        }
    }

    @Test
    void anIdleClaimReadsNoOtherTypesBacklogNoHistoryAndNothingNotYetDue() {
        ClaimCost cost = claimOnce(Set.of("idle-a", "idle-b"), CLAIM);

        assertThat(cost.claimed()).isZero();
        cost.readAndLockedAtMost(2);
    }

    @Test
    void aClaimBehindOneHundredThousandNotYetDueTasksReadsWhatItTakes() {
        ClaimCost cost = claimOnce(Set.of("mail"), CLAIM);

        assertThat(cost.claimed()).isEqualTo(CLAIM);
        cost.readAndLockedAtMost(1);
    }

    @Test
    void aClaimOfTheTypeWithTheBacklogReadsWhatItTakes() {
        ClaimCost cost = claimOnce(Set.of("bulk"), CLAIM);

        assertThat(cost.claimed()).isEqualTo(CLAIM);
        cost.readAndLockedAtMost(1);
    }

    /** Each type's walk stops at the claim's size; what the claim does not take is locked only until it commits. */
    @Test
    void aClaimOfSeveralTypesReadsAtMostItsSizePerType() {
        ClaimCost cost = claimOnce(Set.of("mail", "bulk", "small-7", "idle-a"), CLAIM);

        assertThat(cost.claimed()).isEqualTo(CLAIM);
        cost.readAndLockedAtMost(4);
    }

    /**
     * An idle worker's look at this table, behind the backlog of another type, the not-yet-due tasks and the
     * history: a few index entries (each EXISTS stops at its first), no row locked, nothing claimed.
     */
    @Test
    void anIdleProbeReadsAFewIndexEntriesAndLocksNothing() {
        ProbeCost idle = probeOnce(Set.of("idle-a", "idle-b"));
        ProbeCost busy = probeOnce(Set.of("mail", "bulk", "small-7"));

        assertThat(idle.probe().dueTasks()).as("due tasks of idle types").isFalse();
        assertThat(busy.probe().dueTasks()).as("due tasks of busy types").isTrue();
        for (ProbeCost cost : List.of(idle, busy)) {
            assertThat(cost.indexReads()).as("index reads of %s", cost).isLessThanOrEqualTo(12);
            assertThat(cost.rowsLocked()).as("rows locked by %s", cost).isZero();
        }
    }

    record ProbeCost(QueueProbe probe, long indexReads, long rowsLocked) {
    }

    private static ProbeCost probeOnce(Set<String> types) {
        return RolledBackClaims.inOpenTransaction(pool, (store, jdbc) -> {
            Map<String, Long> before = RolledBackClaims.handlerReads(jdbc);
            QueueProbe probe = store.probe(types);
            Map<String, Long> after = RolledBackClaims.handlerReads(jdbc);
            Thread.sleep(INNODB_TRX_REFRESH_MILLIS);
            Long locked = jdbc.queryForObject("SELECT trx_rows_locked FROM information_schema.INNODB_TRX"
                    + " WHERE trx_mysql_thread_id = CONNECTION_ID()", Long.class);
            long reads = after.entrySet().stream().mapToLong(e -> e.getValue() - before.get(e.getKey())).sum();
            ProbeCost cost = new ProbeCost(probe, reads, locked == null ? 0 : locked);
            System.out.println("PROBE " + new java.util.TreeSet<>(types) + ": " + cost);
            return cost;
        });
    }

    /** Two claims of one type, both transactions open at once: each gets a full batch, none the same task. */
    @Test
    void twoConcurrentClaimsOfOneTypeEachGetTheirShare() throws Exception {
        CyclicBarrier bothClaimed = new CyclicBarrier(2);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        List<HikariDataSource> pools = List.of(scratch.anotherPool(), scratch.anotherPool());
        try {
            List<Future<List<ClaimedTask>>> claims = new ArrayList<>();
            for (HikariDataSource own : pools) {
                claims.add(threads.submit(() -> RolledBackClaims.inOpenTransaction(own, (store, jdbc) -> {
                    List<ClaimedTask> claimed = store.claim(request(Set.of("mail"), CLAIM));
                    bothClaimed.await(20, TimeUnit.SECONDS);   // the other claim ran while this one held its locks
                    return claimed;
                })));
            }
            List<ClaimedTask> first = claims.get(0).get(30, TimeUnit.SECONDS);
            List<ClaimedTask> second = claims.get(1).get(30, TimeUnit.SECONDS);

            assertThat(first).as("first claim").hasSize(CLAIM);
            assertThat(second).as("second claim").hasSize(CLAIM);
            Set<Long> ids = new HashSet<>();
            first.forEach(t -> ids.add(t.id()));
            second.forEach(t -> ids.add(t.id()));
            assertThat(ids).as("no task in both").hasSize(2 * CLAIM);
        } finally {
            threads.shutdownNow();
            pools.forEach(HikariDataSource::close);
        }
    }

    // ------------------------------------------------------------------ measuring one claim

    /**
     * @param indexReads reads of the table's indexes (Handler_read_key, _next, _prev, _first, _last): the walks,
     *                   the primary-key lookups that lock what they return, and one primary-key read per claimed
     *                   row by the UPDATE that marks it
     * @param tempReads  reads of the candidates (Handler_read_rnd, _rnd_next), kept in temporary tables
     * @param rowsLocked trx_rows_locked: rows locked through the primary key
     */
    record ClaimCost(int claimed, long indexReads, long tempReads, long rowsLocked, Map<String, Long> handlerReads) {

        /**
         * @param types claimed types: each has three walks, its QUEUED candidates and its due SCHEDULED ones (each
         *              up to twice the claim's size: ClaimBudget.unlimited) and its due SCHEDULED tasks locked to
         *              be queued if the claim leaves them (up to the claim's size)
         */
        void readAndLockedAtMost(int types) {
            long walkRows = 5L * CLAIM * types;
            long walks = 3L * types;
            // a walk reads its rows and at most one more; each row it returns is looked up once by primary key
            assertThat(indexReads).as("index reads of %s", this).isLessThanOrEqualTo(walkRows + walks + walkRows + claimed);
            // the candidates are written to temporary tables and read back, the sorted ones once more
            assertThat(tempReads).as("reads of the candidates of %s", this).isLessThanOrEqualTo(2 * walkRows + walks);
            // what the claim takes, and the due SCHEDULED tasks it may queue
            assertThat(rowsLocked).as("rows locked by %s", this).isLessThanOrEqualTo(CLAIM + (long) CLAIM * types);
        }
    }

    private static ClaimCost claimOnce(Set<String> types, int size) {
        return RolledBackClaims.inOpenTransaction(pool, (store, jdbc) -> {
            Map<String, Long> before = RolledBackClaims.handlerReads(jdbc);
            List<ClaimedTask> claimed = store.claim(request(types, size));
            Map<String, Long> after = RolledBackClaims.handlerReads(jdbc);
            // INNODB_TRX is a copy InnoDB refreshes when it is 0.1 s old: wait, or read the previous claim's row
            Thread.sleep(INNODB_TRX_REFRESH_MILLIS);
            Long locked = jdbc.queryForObject("SELECT trx_rows_locked FROM information_schema.INNODB_TRX"
                    + " WHERE trx_mysql_thread_id = CONNECTION_ID()", Long.class);
            Map<String, Long> delta = after.entrySet().stream().filter(e -> e.getValue() - before.get(e.getKey()) != 0)
                    .collect(Collectors.toMap(e -> e.getKey().replace("Handler_read_", ""),
                            e -> e.getValue() - before.get(e.getKey())));
            long temp = delta.getOrDefault("rnd", 0L) + delta.getOrDefault("rnd_next", 0L);
            long total = delta.values().stream().mapToLong(Long::longValue).sum();
            ClaimCost cost = new ClaimCost(claimed.size(), total - temp, temp, locked == null ? 0 : locked, delta);
            System.out.println("CLAIM " + new java.util.TreeSet<>(types) + " x" + size + ": " + cost);
            return cost;
        });
    }

    private static ClaimRequest request(Set<String> types, int size) {
        return new ClaimRequest("skewed-claimer", types, size, Duration.ofMillis(60_000), ConcurrencyLimits.NONE);
    }

    // ------------------------------------------------------------------ the data

    /** Inserts {@code count} rows from a numbers table made of digits, which MySQL and MariaDB both run. */
    private static void insertFromNumbers(JdbcTemplate jdbc, int count, String type, String status, String priority,
                                          String availableAt, String finishedAt) {
        String digits = "(SELECT 0 AS d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4"
                + " UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8 UNION ALL SELECT 9)";
        jdbc.update("INSERT INTO system_async_task (task_type, status, priority, payload, available_at, attempt_count,"
                + " max_attempts, lease_token, create_time, update_time, finished_at)"
                + " SELECT " + type + ", " + status + ", " + priority + ", '{\"n\":1}', " + availableAt + ", 0, 3, 0,"
                + " NOW(3), NOW(3), " + finishedAt
                + " FROM (SELECT a.d + 10 * b.d + 100 * c.d + 1000 * e.d + 10000 * f.d AS n"
                + " FROM " + digits + " a, " + digits + " b, " + digits + " c, " + digits + " e, " + digits + " f) numbers"
                + " WHERE n < " + count);
    }

    /** Delayed submits through the store, in batches of 10,000. */
    private static void submitDelayed(MyBatisStores stores, String type, int priority, int count, long delayMillis) {
        List<NewTask> batch = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            batch.add(new NewTask(type, "{\"n\":1}", priority, delayMillis, 3, null, null));
            if (batch.size() == 10_000 || i == count - 1) {
                stores.taskStore().insert(batch);
                batch.clear();
            }
        }
    }
}
