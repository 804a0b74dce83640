package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.DependencyFailure;
import com.tudicloud.asynctask.api.MisfirePolicy;
import com.tudicloud.asynctask.api.OverlapPolicy;
import com.tudicloud.asynctask.api.SubmittedTask;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.CompletionReport;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.FirePlan;
import com.tudicloud.asynctask.api.spi.LeaseRenewal;
import com.tudicloud.asynctask.api.spi.LeaseState;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.RateLimit;
import com.tudicloud.asynctask.api.spi.ScheduleDefinition;
import com.tudicloud.asynctask.api.spi.TaskEventMode;
import com.tudicloud.asynctask.api.spi.TaskFilter;
import com.tudicloud.asynctask.testing.LargeOpenTransaction.Rows;
import com.tudicloud.asynctask.testing.LargeOpenTransaction;
import com.tudicloud.asynctask.testing.PrivateMariaDb;
import com.tudicloud.asynctask.testing.SchemaScripts;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every statement the engine sends, run beside another session's open transaction of 350,000 uncommitted task
 * rows (finished, queued and delayed, of types whose index entries lie on both sides of the engine's own), on a
 * private server where nothing else runs. Each must neither lock those rows (InnoDB turns each uncommitted
 * row a locking read steps on into an explicit lock of the open transaction: counted in INNODB_TRX) nor step
 * over them (counted as the server's logical page reads, about three per row stepped over), nor wait for
 * them. A claim of a type the open transaction holds due tasks of is the exception the last test measures:
 * those rows lie inside its range, and a plain read skips them one by one (it still locks none).
 */
class BesideLargeTransactionTest {

    /** A statement that steps over the open rows reads hundreds of thousands of pages; a bounded one, tens. */
    private static final long PAGE_READS_BOUND = 5_000;
    private static final Duration LEASE_MILLIS = Duration.ofMillis(30_000);
    private static final int CROWDED_BACKLOG = 50_000;

    private static PrivateMariaDb server;
    private static HikariDataSource pool;
    private static MyBatisStores stores;
    private static JdbcTemplate jdbc;
    private static LargeOpenTransaction open;

    @BeforeAll
    static void openLargeTransaction() {
        server = PrivateMariaDb.start("beside");
        pool = server.dataSource("beside", 8);
        SchemaScripts.applyChangelog(pool);
        jdbc = new JdbcTemplate(pool);
        // a statement that waits for the open transaction fails within seconds instead of the default 50
        jdbc.execute("SET GLOBAL innodb_lock_wait_timeout = 5");
        pool.getHikariPoolMXBean().softEvictConnections();
        stores = MyBatisStores.create(pool, TaskEventMode.FULL);
        open = LargeOpenTransaction.insert(pool, List.of(
                new Rows(100_000, "bulk.", 20, "SUCCESS", 0),
                new Rows(50_000, "bulk.", 20, "QUEUED", 0),
                new Rows(50_000, "zz.", 20, "QUEUED", 0),
                new Rows(50_000, "bulk.", 20, "SCHEDULED", 3600),
                new Rows(50_000, "zz.", 20, "SCHEDULED", 3600),
                new Rows(CROWDED_BACKLOG, "mail.crowded", 1, "QUEUED", -60)));
        assertThat(open.rowLocks()).as("an uncommitted insert's locks are implicit").isZero();
    }

    @AfterAll
    static void stop() {
        if (open != null) {
            open.close();
        }
        if (pool != null) {
            pool.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void claimRenewAndCompleteNeitherLockNorStepOverTheOpenRows() throws InterruptedException {
        submit("mail.claim", 6, 0);
        submit("mail.claim", 4, 1);
        Thread.sleep(20);
        List<ClaimedTask> claimed = bounded("claim", () -> stores.leaseStore().claim(
                new ClaimRequest("w1", Set.of("mail.claim", "mail.empty"), 8, LEASE_MILLIS, ConcurrencyLimits.NONE)));
        assertThat(claimed).hasSize(8);
        List<LeaseRenewal> leases = claimed.stream().map(t -> new LeaseRenewal(t.id(), t.leaseToken(), 50, "half")).toList();
        Map<Long, LeaseState> states = bounded("renew", () -> stores.leaseStore().renew("w1", leases, LEASE_MILLIS));
        assertThat(states.values()).containsOnly(LeaseState.HELD);
        List<Completion> outcomes = claimed.stream().map(t -> Completion.succeeded(t.id(), t.leaseToken(), null)).toList();
        assertThat(bounded("complete", () -> stores.leaseStore().complete("w1", outcomes)).written()).isEqualTo(8);
    }

    @Test
    void aClaimUnderFleetLimitsStaysBounded() {
        submit("mail.limited", 5, 0);
        List<ClaimedTask> claimed = bounded("claim under limits", () -> stores.leaseStore().claim(new ClaimRequest("w2",
                Set.of("mail.limited"), 8, LEASE_MILLIS, new ConcurrencyLimits(100, Map.of("mail.limited", 3)))));
        assertThat(claimed).hasSize(3);
    }

    @Test
    void keyedFairAndRateLimitedClaimsStayBounded() {
        submitKeyed("mail.keyed", 4, 2);
        submitKeyed("mail.fair", 4, 2);
        submit("mail.rated", 5, 0);
        ConcurrencyLimits onePerKey = new ConcurrencyLimits(0, Map.of(), Map.of("mail.keyed", 1));
        ConcurrencyLimits fair = new ConcurrencyLimits(0, Map.of(), Map.of(), Map.of(), Set.of("mail.fair"));
        ConcurrencyLimits threePerMinute = new ConcurrencyLimits(0, Map.of(), Map.of(),
                Map.of("mail.rated", new RateLimit(3, Duration.ofMinutes(1))));

        assertThat(bounded("keyed claim", () -> stores.leaseStore().claim(
                new ClaimRequest("w6", Set.of("mail.keyed"), 8, LEASE_MILLIS, onePerKey)))).hasSize(4);
        assertThat(bounded("fair claim", () -> stores.leaseStore().claim(
                new ClaimRequest("w6", Set.of("mail.fair"), 8, LEASE_MILLIS, fair)))).hasSize(8);
        assertThat(bounded("rate-limited claim", () -> stores.leaseStore().claim(
                new ClaimRequest("w6", Set.of("mail.rated"), 8, LEASE_MILLIS, threePerMinute)))).hasSize(3);
    }

    @Test
    void aChainIsSubmittedAndItsStepsReleasedWithoutTouchingTheOpenRows() {
        NewTask step = new NewTask("mail.chain", "{}", 0, 0, 3, null, null);
        List<SubmittedTask> chain = bounded("chain submit", () -> stores.taskStore().insertChain(List.of(step, step, step)));
        NewTask waiting = new NewTask("mail.chain", "{}", 0, 0, 3, null, null, null, null,
                List.of(chain.get(2).taskId()), DependencyFailure.CANCEL);
        bounded("submit after", () -> stores.taskStore().insert(List.of(waiting)));
        ClaimRequest claim = new ClaimRequest("w7", Set.of("mail.chain"), 8, LEASE_MILLIS, ConcurrencyLimits.NONE);
        for (int i = 0; i < chain.size(); i++) {
            List<ClaimedTask> claimed = stores.leaseStore().claim(claim);
            assertThat(claimed).extracting(ClaimedTask::id).containsExactly(chain.get(i).taskId());
            ClaimedTask task = claimed.get(0);
            CompletionReport report = bounded("end of a step", () -> stores.leaseStore().complete("w7", List.of(
                    Completion.succeeded(task.id(), task.leaseToken(), null).withDependents(task.hasDependents()))));
            assertThat(report.madeDue()).isEqualTo(1);
        }
        ClaimedTask last = stores.leaseStore().claim(claim).get(0);
        bounded("links", () -> stores.taskStore().links(last.id(), 10));
        assertThat(bounded("cancel of a dependency", () -> stores.taskStore().cancel(last.id()))).isNotNull();
    }

    @Test
    void theIdleLookAndTheRegistryRefreshStayBounded() {
        assertThat(bounded("probe", () -> stores.leaseStore().probe(Set.of("mail.idle"))).dueTasks()).isFalse();
        stores.workerRegistry().register("w3", "host", "mail.idle", 4);
        assertThat(bounded("registry refresh", () -> stores.workerRegistry().heartbeatUnlessDue("w3", 0,
                Set.of("mail.idle")))).isTrue();
    }

    @Test
    void recoveryTakesTheExpiredLeaseWithoutTouchingTheOpenRows() {
        jdbc.update("""
                INSERT INTO system_async_task (task_type, status, priority, available_at, attempt_count, max_attempts,
                    lease_owner, lease_until, lease_token, create_time, update_time, started_at)
                VALUES ('mail.recover', 'RUNNING', 0, NOW(3), 1, 3, 'gone', TIMESTAMPADD(SECOND, -5, NOW(3)), 1,
                    NOW(3), NOW(3), NOW(3))""");
        int requeued = 0;
        for (int round = 0; round < 5 && requeued == 0; round++) {
            requeued += bounded("recovery", () -> stores.leaseStore().recoverExpiredLeases("w4", 100)).requeued();
        }
        assertThat(requeued).isEqualTo(1);
        assertThat(bounded("recovery, nothing expired", () -> stores.leaseStore().recoverExpiredLeases("w4", 100))
                .examined()).isZero();
    }

    @Test
    void retentionDeletesOldTasksWithoutWaitingForTheOpenRows() {
        jdbc.update("""
                INSERT INTO system_async_task (task_type, status, priority, available_at, attempt_count, max_attempts,
                    lease_token, create_time, update_time, finished_at)
                VALUES ('mail.old', 'SUCCESS', 0, NOW(3), 1, 3, 1, NOW(3), NOW(3), TIMESTAMPADD(DAY, -2, NOW(3))),
                       ('mail.old', 'SUCCESS', 0, NOW(3), 1, 3, 1, NOW(3), NOW(3), TIMESTAMPADD(DAY, -2, NOW(3)))""");
        int deleted = bounded("retention", () -> stores.adminStore().deleteFinished(TaskStatus.SUCCESS, Duration.ofDays(1),
                1000));
        assertThat(deleted).isEqualTo(2);
    }

    @Test
    void aScheduleFiresBesideTheOpenRows() throws InterruptedException {
        ScheduleDefinition every = new ScheduleDefinition("beside", null, Duration.ofMinutes(1), "UTC", "mail.fired",
                "{}", 0, 3, null, MisfirePolicy.COALESCE, 1, OverlapPolicy.ALLOW);
        assertThat(stores.scheduleStore().create(every, false, stores.scheduleStore().databaseNow())).isTrue();
        Thread.sleep(5);
        var fired = bounded("schedule fire", () -> stores.scheduleStore().fireDue(10,
                due -> new FirePlan(List.of(due.schedule().nextFireTime()),
                        due.databaseNow().plus(Duration.ofMinutes(1)), 0, 0, 0)));
        assertThat(fired).singleElement().satisfies(schedule -> assertThat(schedule.taskIds()).hasSize(1));
    }

    @Test
    void aBulkActionLocksOnlyTheRowsItChanges() {
        submit("mail.bulk", 3, 0);
        var result = bounded("bulk cancel", () -> stores.adminStore().cancelMatching(
                new TaskFilter(Set.of(), "mail.bulk", null, null, null), 1000, "operator"));
        assertThat(result.changed()).isEqualTo(3);
    }

    /**
     * Rows of the claimed type that the open transaction holds lie inside the claim's range: a plain read skips
     * them one by one (page reads grow with them, printed), and none is locked.
     */
    @Test
    void aClaimOfATypeTheOpenTransactionHoldsTasksOfLocksNoneOfThem() {
        submit("mail.crowded", 5, 0);
        long before = open.rowLocks();
        long reads = server.pageReadRequests();
        List<ClaimedTask> claimed = stores.leaseStore().claim(
                new ClaimRequest("w5", Set.of("mail.crowded"), 8, LEASE_MILLIS, ConcurrencyLimits.NONE));
        long pageReads = server.pageReadRequests() - reads;
        System.out.printf("BESIDE_LARGE_TX claim of a type with %d open rows: page_reads=%d row_locks_of_open_tx=%d->%d%n",
                CROWDED_BACKLOG, pageReads, before, open.rowLocks());
        assertThat(claimed).hasSize(5);
        assertThat(open.rowLocks()).isEqualTo(before);
    }

    private static <T> T bounded(String what, Supplier<T> statement) {
        long locksBefore = open.rowLocks();
        long reads = server.pageReadRequests();
        T result = statement.get();
        long pageReads = server.pageReadRequests() - reads;
        long locksAfter = open.rowLocks();
        System.out.printf("BESIDE_LARGE_TX %s: page_reads=%d row_locks_of_open_tx=%d->%d (open rows %d)%n", what,
                pageReads, locksBefore, locksAfter, open.rows());
        assertThat(locksAfter).as("%s locked rows of the open transaction", what).isEqualTo(locksBefore);
        assertThat(pageReads).as("%s stepped over the open transaction's rows", what).isLessThan(PAGE_READS_BOUND);
        return result;
    }

    private static void submitKeyed(String type, int keys, int perKey) {
        List<NewTask> tasks = new ArrayList<>();
        for (int key = 0; key < keys; key++) {
            tasks.addAll(Collections.nCopies(perKey, new NewTask(type, "{}", 0, 0, 3, null, null, "key-" + key, null)));
        }
        stores.taskStore().insert(tasks);
    }

    private static void submit(String type, int count, long delayMillis) {
        stores.taskStore().insert(Collections.nCopies(count, new NewTask(type, "{}", 0, delayMillis, 3, null, null)));
    }
}
