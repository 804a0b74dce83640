package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.BatchCallback;
import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.LeaseRenewal;
import com.tudicloud.asynctask.api.spi.NewBatch;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.RateLimit;
import com.tudicloud.asynctask.api.spi.TaskEventMode;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Counts what each hot path costs as the server sees it: the session's {@code Questions}, which
 * counts every statement a client sends, transaction control (SET autocommit, COMMIT, isolation)
 * included. The pool has one connection, so the count is exactly the store's.
 * <p>
 * Two pool set-ups: the driver's defaults, and the recommended one (READ COMMITTED as the pool's
 * isolation and {@code useLocalSessionState=true}, so the driver does not ask or reset what it knows).
 * Renewals and completions run at READ COMMITTED outside any transaction: on a pool at another isolation
 * that costs one {@code SET TRANSACTION ISOLATION LEVEL READ COMMITTED} each, on the recommended pool nothing.
 * <p>
 * Task events cost statements per group, never per task: a group of 100 outcomes costs what a group of 16 does.
 */
class RoundTripBudgetTest {

    private static final String WORKER = "w";
    private static final Duration LEASE = Duration.ofMillis(60_000);

    private final TestDatabase db = TestDatabase.get();
    private HikariDataSource pool;

    @BeforeEach
    void emptyTable() {
        db.deleteAllTasks();
    }

    @AfterEach
    void closePool() {
        pool.close();
    }

    @Test
    void recommendedPoolSettings() {
        recommendedPool();
        Map<String, Long> trips = measureHotPaths(TaskEventMode.OFF);

        assertThat(trips.get("claim16")).isLessThanOrEqualTo(5);          // SET autocommit=0, SELECT, UPDATE, COMMIT, SET autocommit=1
        assertThat(trips.get("claimIdle")).isLessThanOrEqualTo(4);        // the same without the UPDATE
        assertThat(trips.get("probe")).isEqualTo(1);                      // one autocommitted SELECT
        assertThat(trips.get("renew1000")).isEqualTo(2);                  // one UPDATE, one SELECT
        assertThat(trips.get("complete16")).isEqualTo(1);                 // one UPDATE, no transaction needed
        assertThat(trips.get("completeMixed3")).isEqualTo(1);             // one UPDATE for every kind of outcome
        assertThat(trips.get("submit1000")).isEqualTo(1);                 // one multi-row INSERT
        // under caps: + the lock row and one count; under a per-key cap the count is per key, still one statement
        assertThat(trips.get("claimKeyed16")).isEqualTo(trips.get("claimLimited16"));
        assertThat(trips.get("claimLimited16")).isEqualTo(trips.get("claim16") + 2);
        // a fair type: + the lock row and its keys among its first tasks (which its walk skips), no count
        assertThat(trips.get("claimFair16")).isEqualTo(trips.get("claimLimited16"));
        // under a rate limit alone: + the lock row, the count of the window, the starts' INSERT and the prune, no
        // count of leased tasks: SET autocommit=0, lock, count, SELECT, UPDATE, INSERT, DELETE, COMMIT, SET autocommit=1
        assertThat(trips.get("claimRated16")).isEqualTo(trips.get("claim16") + 4).isEqualTo(9);
        // a window with no room left: the lock row and the count, no look at the queue
        assertThat(trips.get("claimRatedFull")).isEqualTo(5);
    }

    @Test
    void everyTaskEventInTheTransactionsThatAlreadyRun() {
        recommendedPool();
        Map<String, Long> trips = measureHotPaths(TaskEventMode.FULL);

        assertThat(trips.get("claim16")).isLessThanOrEqualTo(6);          // + one INSERT ... SELECT in the claim's transaction
        assertThat(trips.get("claimIdle")).isLessThanOrEqualTo(4);        // nothing claimed, nothing recorded
        assertThat(trips.get("renew1000")).isEqualTo(2);                  // a renewal changes no state
        assertThat(trips.get("complete16")).isEqualTo(5);                 // SET autocommit=0, UPDATE, INSERT, COMMIT, SET autocommit=1
        assertThat(trips.get("complete100")).isEqualTo(trips.get("complete16"));
        assertThat(trips.get("completeMixed3")).isEqualTo(5);
        assertThat(trips.get("submit1000")).isEqualTo(1);                 // a submit records nothing
    }

    @Test
    void failuresOnlyLeavesSuccessesAlone() {
        recommendedPool();
        Map<String, Long> trips = measureHotPaths(TaskEventMode.FAILURES_ONLY);

        assertThat(trips.get("claim16")).isLessThanOrEqualTo(5);          // a claim records nothing
        assertThat(trips.get("complete16")).isEqualTo(1);                 // successes only: the one UPDATE
        assertThat(trips.get("complete100")).isEqualTo(1);
        assertThat(trips.get("completeMixed3")).isEqualTo(5);             // a retry and a failure are recorded
    }

    /**
     * A batch costs statements per 1,000 children and per batch a group touches, never per child; the hot paths of
     * tasks outside any batch are the ones measured above, unchanged.
     */
    @Test
    void batchesCostStatementsPerThousandChildrenAndPerBatch() {
        recommendedPool();
        MyBatisStores stores = MyBatisStores.create(pool, TaskEventMode.OFF);
        List<NewTask> children = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            children.add(new NewTask("job", "{}", 0, 0, 3, null, null));
        }
        NewBatch batch = new NewBatch(children, Map.of(BatchCallback.COMPLETE, new NewTask("done", "{}", 0, 0, 3, null, null)),
                null);
        long submit10000 = trips(() -> stores.batchStore().insert(batch));
        List<ClaimedTask> claimed = new ArrayList<>();
        while (claimed.size() < 10_000) {
            claimed.addAll(stores.leaseStore().claim(claim(1000, ConcurrencyLimits.NONE)));
        }
        long complete16 = trips(() -> stores.leaseStore().complete(WORKER, claimed.subList(0, 16).stream()
                .map(t -> Completion.succeeded(t.id(), t.leaseToken(), null).inBatch(t.batchId())).toList()));
        stores.leaseStore().complete(WORKER, claimed.subList(16, 9_984).stream()
                .map(t -> Completion.succeeded(t.id(), t.leaseToken(), null).inBatch(t.batchId())).toList());
        long completeLast16 = trips(() -> stores.leaseStore().complete(WORKER, claimed.subList(9_984, 10_000).stream()
                .map(t -> Completion.succeeded(t.id(), t.leaseToken(), null).inBatch(t.batchId())).toList()));
        System.out.println("ROUNDTRIPS batch submit10000=" + submit10000 + " complete16=" + complete16
                + " completeLast16=" + completeLast16);

        // SET autocommit=0, the batch's INSERT, 10 INSERTs of 1,000 children, COMMIT, SET autocommit=1
        assertThat(submit10000).isEqualTo(14);
        // SET autocommit=0, UPDATE, the look for a child that can still run, COMMIT, SET autocommit=1
        assertThat(complete16).isEqualTo(5);
        // + the guarded UPDATE of the batch, its row, the callback's INSERT, the UPDATE that records it
        assertThat(completeLast16).isEqualTo(9);
    }

    /**
     * Children of running tasks cost one multi-row INSERT per 1,000, all parents' together, in the transaction of
     * their outcomes: a group that needs no transaction otherwise (no events) opens one for them.
     */
    @Test
    void childrenOfRunningTasksCostOneInsertPerThousandInTheOutcomesTransaction() {
        recommendedPool();
        Map<String, Long> withoutEvents = measureChildren(TaskEventMode.OFF);
        Map<String, Long> withEvents = measureChildren(TaskEventMode.FULL);
        System.out.println("ROUNDTRIPS children off=" + withoutEvents + " full=" + withEvents);

        assertThat(withoutEvents.get("none")).isEqualTo(1);                    // the UPDATE, as complete16
        // SET autocommit=0, UPDATE, the children's INSERT, COMMIT, SET autocommit=1
        assertThat(withoutEvents.get("children")).isEqualTo(5);
        assertThat(withEvents.get("none")).isEqualTo(5);                       // as complete16 with events
        assertThat(withEvents.get("children")).isEqualTo(withEvents.get("none") + 1);
        // 16 parents of 100 children each: 1,600 rows, two INSERTs
        assertThat(withEvents.get("children1600")).isEqualTo(withEvents.get("none") + 2);
    }

    private Map<String, Long> measureChildren(TaskEventMode mode) {
        db.deleteAllTasks();
        MyBatisStores stores = MyBatisStores.create(pool, mode);
        List<NewTask> parents = new ArrayList<>();
        for (int i = 0; i < 48; i++) {
            parents.add(new NewTask("job", "{}", 0, 0, 3, null, null));
        }
        stores.taskStore().insert(parents);
        List<ClaimedTask> claimed = stores.leaseStore().claim(claim(48, ConcurrencyLimits.NONE));
        long none = trips(() -> stores.leaseStore().complete(WORKER, succeeded(claimed.subList(0, 16), 0)));
        long children = trips(() -> stores.leaseStore().complete(WORKER, succeeded(claimed.subList(16, 32), 2)));
        long children1600 = trips(() -> stores.leaseStore().complete(WORKER, succeeded(claimed.subList(32, 48), 100)));
        return Map.of("none", none, "children", children, "children1600", children1600);
    }

    private static List<Completion> succeeded(List<ClaimedTask> tasks, int childrenEach) {
        List<NewTask> children = new ArrayList<>();
        for (int i = 0; i < childrenEach; i++) {
            children.add(new NewTask("child", "{}", 0, 0, 3, null, null));
        }
        return tasks.stream().map(t -> Completion.succeeded(t.id(), t.leaseToken(), null).withChildren(children)).toList();
    }

    @Test
    void driverDefaults() {
        pool = db.newDataSource(1);
        Map<String, Long> trips = measureHotPaths(TaskEventMode.OFF);

        assertThat(trips.get("renew1000")).isEqualTo(3);                  // SET TRANSACTION ... READ COMMITTED, UPDATE, SELECT
        assertThat(trips.get("complete16")).isEqualTo(2);
        assertThat(trips.get("completeMixed3")).isEqualTo(2);
        assertThat(trips.get("claim16")).isLessThanOrEqualTo(10);
        assertThat(trips.get("probe")).isEqualTo(1);                      // a plain read needs no isolation
    }

    private void recommendedPool() {
        pool = db.newDataSource(1, config -> {
            config.setJdbcUrl(TestDatabase.withOptions(config.getJdbcUrl(), "useLocalSessionState=true"));
            config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        });
    }

    private Map<String, Long> measureHotPaths(TaskEventMode mode) {
        MyBatisStores stores = MyBatisStores.create(pool, mode);
        List<NewTask> thousand = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            thousand.add(new NewTask("job", "{}", 0, 0, 3, null, null));
        }
        long submit1000 = trips(() -> stores.taskStore().insert(thousand));
        long submit1 = trips(() -> stores.taskStore().insert(List.of(new NewTask("job", "{}", 0, 0, 3, null, null))));
        List<NewTask> keyed = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            keyed.add(new NewTask("keyed", "{}", 0, 0, 3, null, null, "customer-" + i % 50, null));
        }
        stores.taskStore().insert(keyed);

        long probe = trips(() -> stores.leaseStore().probe(Set.of("idle-a", "idle-b")));
        long claimIdle = trips(() -> stores.leaseStore().claim(
                new ClaimRequest(WORKER, Set.of("idle-a", "idle-b"), 16, LEASE, ConcurrencyLimits.NONE)));
        List<ClaimedTask> claimed = new ArrayList<>();
        long claim16 = trips(() -> claimed.addAll(stores.leaseStore().claim(claim(16, ConcurrencyLimits.NONE))));
        long claimLimited = trips(() -> claimed.addAll(stores.leaseStore().claim(
                claim(16, new ConcurrencyLimits(100, Map.of("job", 50))))));
        long claimKeyed = trips(() -> stores.leaseStore().claim(new ClaimRequest(WORKER, Set.of("keyed"), 16, LEASE,
                new ConcurrencyLimits(0, Map.of(), Map.of("keyed", 2)))));
        long claimFair = trips(() -> stores.leaseStore().claim(new ClaimRequest(WORKER, Set.of("keyed"), 16, LEASE,
                new ConcurrencyLimits(0, Map.of(), Map.of(), Map.of(), Set.of("keyed")))));
        ConcurrencyLimits rated = new ConcurrencyLimits(0, Map.of(), Map.of(),
                Map.of("job", new RateLimit(32, Duration.ofMinutes(10))));
        long claimRated = trips(() -> claimed.addAll(stores.leaseStore().claim(claim(16, rated))));
        long claimRatedFull = trips(() -> stores.leaseStore().claim(claim(16,
                new ConcurrencyLimits(0, Map.of(), Map.of(), Map.of("job", new RateLimit(16, Duration.ofMinutes(10)))))));
        while (claimed.size() < 1000) {
            claimed.addAll(stores.leaseStore().claim(claim(200, ConcurrencyLimits.NONE)));
        }
        List<LeaseRenewal> renewals = claimed.stream()
                .map(t -> new LeaseRenewal(t.id(), t.leaseToken(), 50, "half")).limit(1000).toList();
        stores.leaseStore().renew(WORKER, renewals.subList(0, 1), LEASE);   // the store asks the pool's isolation once
        long renew1000 = trips(() -> stores.leaseStore().renew(WORKER, renewals, LEASE));
        long complete16 = trips(() -> stores.leaseStore().complete(WORKER, claimed.subList(0, 16).stream()
                .map(t -> Completion.succeeded(t.id(), t.leaseToken(), null)).toList()));
        long completeMixed = trips(() -> stores.leaseStore().complete(WORKER, List.of(
                Completion.succeeded(claimed.get(16).id(), claimed.get(16).leaseToken(), "a"),
                Completion.retry(claimed.get(17).id(), claimed.get(17).leaseToken(), "busy", 1000),
                Completion.failed(claimed.get(18).id(), claimed.get(18).leaseToken(), "bad"))));
        long complete100 = trips(() -> stores.leaseStore().complete(WORKER, claimed.subList(100, 200).stream()
                .map(t -> Completion.succeeded(t.id(), t.leaseToken(), null)).toList()));

        Map<String, Long> trips = Map.ofEntries(Map.entry("submit1000", submit1000), Map.entry("submit1", submit1),
                Map.entry("claim16", claim16), Map.entry("claimIdle", claimIdle), Map.entry("claimLimited16", claimLimited),
                Map.entry("claimKeyed16", claimKeyed), Map.entry("claimFair16", claimFair),
                Map.entry("claimRated16", claimRated),
                Map.entry("claimRatedFull", claimRatedFull), Map.entry("renew1000", renew1000),
                Map.entry("complete16", complete16), Map.entry("complete100", complete100),
                Map.entry("completeMixed3", completeMixed), Map.entry("probe", probe));
        System.out.println("ROUNDTRIPS events=" + mode + " pool=" + pool.getJdbcUrl().replaceAll(".*\\?", "?")
                + " isolation=" + pool.getTransactionIsolation() + " " + new java.util.TreeMap<>(trips));
        return trips;
    }

    /** Statements the server received from the pool's one connection while {@code work} ran. */
    private long trips(Runnable work) {
        long before = questions();
        work.run();
        return questions() - before - 1;   // the second SHOW counts itself
    }

    private long questions() {
        Supplier<Long> read = () -> Long.parseLong(new JdbcTemplate(pool)
                .queryForObject("SHOW SESSION STATUS LIKE 'Questions'", (rs, n) -> rs.getString(2)));
        return read.get();
    }

    private static ClaimRequest claim(int max, ConcurrencyLimits limits) {
        return new ClaimRequest(WORKER, Set.of("job"), max, LEASE, limits);
    }
}
