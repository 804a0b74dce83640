package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.CancelOutcome;
import com.tudicloud.asynctask.api.SubmittedTask;
import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.TaskStore;
import com.tudicloud.asynctask.testing.KeyAudit;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A per-key cap under real contention: threads with a connection pool each, as separate workers have, claim the
 * tasks of many keys, one of them with a long backlog, and the database itself counts the leased tasks of the key
 * at every claim ({@link KeyAudit}).
 */
class KeyedClaimTest {

    private static final String TYPE = "export";
    private static final int PER_KEY = 2;
    private static final ConcurrencyLimits TWO_PER_KEY = new ConcurrencyLimits(0, Map.of(), Map.of(TYPE, PER_KEY));
    private static final Duration LEASE = Duration.ofMinutes(1);

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());
    private final KeyAudit audit = new KeyAudit(rows.jdbc());
    private final List<HikariDataSource> pools = new ArrayList<>();
    private ExecutorService threads;

    @BeforeEach
    void setUp() {
        db.deleteAllTasks();
        audit.install();
        threads = Executors.newFixedThreadPool(8);
    }

    @AfterEach
    void tearDown() {
        threads.shutdownNow();
        audit.uninstall();
        pools.forEach(HikariDataSource::close);
    }

    @Test
    void racingClaimersNeverLeaseMoreOfAKeyThanItsCap() throws Exception {
        long seed = System.nanoTime();
        System.out.println("KeyedClaimTest seed " + seed);
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            tasks.add(keyed("big", i % 3));
        }
        for (int key = 0; key < 60; key++) {
            for (int i = 0; i < 4; i++) {
                tasks.add(keyed("small-" + key, 0));
            }
        }
        for (int i = 0; i < 40; i++) {
            tasks.add(new NewTask(TYPE, "{}", 0, 0, 3, null, null));   // no key: not capped per key
        }
        MyBatisStores.create(db.dataSource()).taskStore().insert(tasks);

        List<Callable<Integer>> claimers = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            String worker = "w" + t;
            LeaseStore store = storeWithOwnPool();
            Random random = new Random(seed + t);
            claimers.add(() -> drain(store, worker, random));
        }
        int claimed = 0;
        for (Future<Integer> result : threads.invokeAll(claimers)) {
            claimed += result.get();
        }

        assertThat(claimed).isEqualTo(tasks.size());
        assertThat(rows.count("SUCCESS")).isEqualTo(tasks.size());
        assertThat(audit.claims()).as("keyed claims audited").isEqualTo(tasks.size() - 40);
        assertThat(audit.claimsOver(TYPE, PER_KEY)).isEmpty();
        assertThat(audit.mostLeased(TYPE)).as("the cap was reached, so it was what held them").isEqualTo(PER_KEY);
        assertThat(lastFinished("small-%")).as("the other keys ran while the big key's backlog waited")
                .isBefore(lastFinished("big"));
    }

    /** Claims, holds each batch across the next claim (so that leases of a key overlap), then completes it. */
    private static int drain(LeaseStore store, String worker, Random random) throws InterruptedException {
        int claimedHere = 0;
        List<ClaimedTask> held = List.of();
        while (true) {
            List<ClaimedTask> batch = store.claim(new ClaimRequest(worker, Set.of(TYPE), 4, LEASE, TWO_PER_KEY));
            Thread.sleep(random.nextInt(3));
            complete(store, worker, held);
            claimedHere += batch.size();
            if (batch.isEmpty() && held.isEmpty()) {
                List<ClaimedTask> more = store.claim(new ClaimRequest(worker, Set.of(TYPE), 4, LEASE, TWO_PER_KEY));
                if (more.isEmpty()) {
                    return claimedHere;
                }
                batch = more;
                claimedHere += more.size();
            }
            held = batch;
        }
    }

    @Test
    void aCancelledTaskFreesItsKeysSlotWhenItEnds() {
        LeaseStore store = MyBatisStores.create(db.dataSource()).leaseStore();
        insertKeyed("acme", 3);
        List<ClaimedTask> first = store.claim(onePerKey("w"));
        assertThat(first).hasSize(1);

        assertThat(MyBatisStores.create(db.dataSource()).taskStore().cancel(first.get(0).id()))
                .isEqualTo(CancelOutcome.CANCEL_REQUESTED);
        assertThat(store.claim(onePerKey("w")))
                .as("a task whose cancel was requested still runs, and holds its slot").isEmpty();

        store.complete("w", List.of(Completion.cancelled(first.get(0).id(), first.get(0).leaseToken())));
        assertThat(rows.status(first.get(0).id())).isEqualTo("CANCELLED");
        assertThat(store.claim(onePerKey("w"))).hasSize(1);
    }

    @Test
    void aLostLeaseFreesItsKeysSlotWhenItIsRecovered() {
        LeaseStore store = MyBatisStores.create(db.dataSource()).leaseStore();
        insertKeyed("acme", 3);
        List<ClaimedTask> lost = store.claim(onePerKey("dead"));
        assertThat(lost).hasSize(1);
        assertThat(store.claim(onePerKey("w"))).isEmpty();

        rows.expireLease(lost.get(0).id());
        assertThat(store.recoverExpiredLeases("w", 100).requeued()).isEqualTo(1);

        List<ClaimedTask> next = store.claim(onePerKey("w"));
        assertThat(next).hasSize(1);
        assertThat(rows.countLeased()).isEqualTo(1);
    }

    @Test
    void aKeyAtItsCapLeavesTheOtherKeysTheirTurn() {
        LeaseStore store = MyBatisStores.create(db.dataSource()).leaseStore();
        insertKeyed("big", 200);
        for (int key = 0; key < 10; key++) {
            insertKeyed("k" + key, 1);
        }
        List<ClaimedTask> claimed = store.claim(new ClaimRequest("w", Set.of(TYPE), 8, LEASE, TWO_PER_KEY));

        assertThat(claimed).hasSize(8);
        assertThat(keysOf(claimed).stream().filter("big"::equals)).hasSize(PER_KEY);
        List<ClaimedTask> more = store.claim(new ClaimRequest("w", Set.of(TYPE), 8, LEASE, TWO_PER_KEY));
        assertThat(keysOf(more)).doesNotContain("big").hasSize(4).doesNotHaveDuplicates();
    }

    @Test
    void aClaimReachesAtMostItsKeyReachBehindABacklogAndTheNextClaimGoesOnAfterIt() {
        LeaseStore store = MyBatisStores.create(db.dataSource()).leaseStore();
        insertKeyed("zz-big", 300);   // first in claim order, last in key order
        int keys = 2 * LimitedClaim.MAX_KEY_REACH + 8;
        for (int key = 0; key < keys; key++) {
            insertKeyed("k%03d".formatted(key), 1);
        }
        ClaimRequest claimOfAll = new ClaimRequest("w", Set.of(TYPE), keys, LEASE, TWO_PER_KEY);

        List<String> first = keysOf(store.claim(claimOfAll));
        List<String> second = keysOf(store.claim(claimOfAll));
        List<String> third = keysOf(store.claim(claimOfAll));

        assertThat(first.stream().filter("zz-big"::equals)).hasSize(PER_KEY);
        assertThat(first.stream().filter(key -> !key.equals("zz-big")).toList())
                .hasSize(LimitedClaim.MAX_KEY_REACH).doesNotHaveDuplicates();
        assertThat(second).hasSize(LimitedClaim.MAX_KEY_REACH).doesNotHaveDuplicates().doesNotContainAnyElementsOf(first);
        assertThat(third).hasSize(8).doesNotContainAnyElementsOf(first).doesNotContainAnyElementsOf(second);
    }

    /**
     * Behind a key whose tasks fill the type's first tasks in claim order, the claim reaches each other key by its
     * head: the key's top priority first, then the oldest of it; the tasks without a key of the top priority too.
     */
    @Test
    void eachKeysHeadIsItsTopPriorityThenItsOldestTask() {
        LeaseStore store = MyBatisStores.create(db.dataSource()).leaseStore();
        TaskStore tasks = MyBatisStores.create(db.dataSource()).taskStore();
        tasks.insert(Collections.nCopies(50, keyed("big", 10)));
        List<Long> a = ids(tasks.insert(List.of(keyed("a", 0), keyed("a", 5), keyed("a", 5), keyed("a", 1))));
        List<Long> b = ids(tasks.insert(List.of(keyed("b", 2), keyed("b", 2))));
        List<Long> none = ids(tasks.insert(List.of(keyed(null, 0), keyed(null, 9), keyed(null, 9))));

        List<ClaimedTask> claimed = store.claim(new ClaimRequest("w", Set.of(TYPE), 6, LEASE,
                new ConcurrencyLimits(0, Map.of(), Map.of(TYPE, 1))));

        assertThat(keysOf(claimed).stream().filter("big"::equals)).hasSize(1);
        assertThat(claimed).extracting(ClaimedTask::id).filteredOn(id -> !isKey(id, "big"))
                .containsExactlyInAnyOrder(a.get(1), b.get(0), none.get(1), none.get(2));
    }

    /**
     * Behind a key at its cap first in claim order, the walk reaches k00 to k03 and the room runs out after k03, k02
     * and k01 (first in claim order by priority): the next claim reaches k00 again rather than going on after k03.
     */
    @Test
    void aKeyTheWalkReachedButTheRoomLeftOutIsReachedByTheNextClaim() {
        TaskStore tasks = MyBatisStores.create(db.dataSource()).taskStore();
        tasks.insert(Collections.nCopies(30, keyed("zz", 9)));
        List<NewTask> oneEach = new ArrayList<>();
        for (int key = 0; key < 10; key++) {
            oneEach.add(keyed("k%02d".formatted(key), key < 4 ? key : 0));
        }
        tasks.insert(oneEach);
        LeaseStore store = MyBatisStores.create(db.dataSource()).leaseStore();
        ClaimRequest claimOfFour = new ClaimRequest("w", Set.of(TYPE), 4, LEASE,
                new ConcurrencyLimits(0, Map.of(), Map.of(TYPE, 1)));

        List<ClaimedTask> first = store.claim(claimOfFour);
        List<ClaimedTask> second = store.claim(claimOfFour);

        assertThat(first).extracting(task -> keyOf(task.id())).containsExactlyInAnyOrder("zz", "k03", "k02", "k01");
        assertThat(second).extracting(task -> keyOf(task.id())).containsExactlyInAnyOrder("k00", "k04", "k05", "k06");
    }

    private String keyOf(long id) {
        return rows.jdbc().queryForObject("SELECT task_key FROM system_async_task WHERE id = ?", String.class, id);
    }

    private static List<Long> ids(List<SubmittedTask> submitted) {
        return submitted.stream().map(SubmittedTask::taskId).toList();
    }

    private boolean isKey(long id, String key) {
        return key.equals(keyOf(id));
    }

    /** A claim of up to 5 tasks under a cap of one per key. */
    private static ClaimRequest onePerKey(String worker) {
        return new ClaimRequest(worker, Set.of(TYPE), 5, LEASE, new ConcurrencyLimits(0, Map.of(), Map.of(TYPE, 1)));
    }

    private List<String> keysOf(List<ClaimedTask> tasks) {
        return tasks.stream().map(task -> keyOf(task.id())).toList();
    }

    private static void complete(LeaseStore store, String worker, List<ClaimedTask> tasks) {
        if (!tasks.isEmpty()) {
            store.complete(worker, tasks.stream().map(t -> Completion.succeeded(t.id(), t.leaseToken(), null)).toList());
        }
    }

    private java.sql.Timestamp lastFinished(String keyPattern) {
        return rows.jdbc().queryForObject("SELECT MAX(finished_at) FROM system_async_task WHERE task_key LIKE ?",
                java.sql.Timestamp.class, keyPattern);
    }

    private void insertKeyed(String key, int count) {
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            tasks.add(keyed(key, 0));
        }
        MyBatisStores.create(db.dataSource()).taskStore().insert(tasks);
    }

    private static NewTask keyed(String key, int priority) {
        return new NewTask(TYPE, "{}", priority, 0, 3, null, null, key, null);
    }

    private LeaseStore storeWithOwnPool() {
        HikariDataSource pool = db.newDataSource(2);
        pools.add(pool);
        return MyBatisStores.create(pool).leaseStore();
    }
}
