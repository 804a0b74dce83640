package com.tudicloud.asynctask.admin.faults;

import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.TaskStore;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.testing.ExecutionLog;
import com.tudicloud.asynctask.testing.LeaseAudit;
import com.tudicloud.asynctask.testing.LeaseAudit.Claim;
import com.tudicloud.asynctask.testing.LeaseAudit.FreedSlot;
import com.tudicloud.asynctask.testing.TaskRows;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The fleet's per-key caps and rate limits with real processes: three worker JVMs (the admin jar as worker nodes,
 * each handler execution recorded by {@link ExecutionRecording}) run a keyed type's backlog and a rate-limited
 * type's backlog at once. Mid-run one of them is killed with SIGKILL; once the rate-limited backlog is done, more
 * keyed tasks come, and another worker is frozen with SIGSTOP for two lease timeouts while they run, then thawed. What the
 * limits promise is read from the database's own history, on its clock: a test-only trigger ({@link LeaseAudit})
 * records every claim, outcome and recovery of a task with the NOW(3) of the statement that made it. Every task
 * ends SUCCESS with exactly one ending write, every task ran and none more often than it was claimed, and no
 * holder wrote with a stale token.
 *
 * <p>Per-key cap. A key's slot is a lease, not a running handler: a claim counts a key's RUNNING and
 * CANCEL_REQUESTED rows, so a lease whose holder died or froze holds its slot until a recovery pass requeues the
 * task, after the lease expired. Each lease is therefore an interval from its claim to the write that ended it
 * under its token (the outcome, or the recovery); the sweep over those intervals per key must never find more
 * than the cap at once, and must find the cap reached. Both ends are the start of their statement, before its
 * commit, and the claims take turns on the claim row, so the sweep could hide an overlap only as long as an
 * ending transaction takes to commit. A frozen worker's handler runs on when it is thawed, past the recovery
 * that took its slot back, beside the new holder: that execution holds no slot, and its late outcome cannot
 * land, since every outcome is fenced by holder, token and an unexpired lease (the database refuses it, or the
 * worker drops it on learning from its heartbeat that the lease is gone; the test counts both). So handler
 * executions are audited for what they can show, not for the cap. Every slot the killed worker held is freed by a
 * recovery within a lease timeout, a recovery interval and some slack of its last write (its last renewal gave no
 * lease longer than that), and every key whose slot a recovery took back from the killed or the frozen worker
 * starts a task again afterwards; how soon is printed, not bounded, since it is the surviving workers' share of a
 * busy machine.
 *
 * <p>Rate limit. Every claim of the type is a start, a re-run after a recovery included (the claim counts and logs
 * starts in system_async_task_start, which it also prunes, so the audit reads the trigger's unpruned record of
 * the same instants). No window (t - period, t] may hold more than the limit, and while tasks wait the fleet must
 * start at least 90 % of the limit per period, the kill notwithstanding: counted over the whole periods from the
 * first start until the last waiting task started.
 *
 * <p>Stopped inside a claim. The freeze catches the worker inside a limited claim, holding the claim row that every
 * limited claim of the fleet locks first (it is stopped again and again until the row's uncommitted holder is it).
 * The other workers must end that claim's connection and go on claiming the keyed tasks while it stays stopped:
 * the server no longer lists the connection, and their claims during the freeze are counted. The freeze comes after
 * the rate-limited backlog, whose audit counts the starts per period that the wait for the row would lower.
 */
class LimitFaultsIT {

    private static final Duration LEASE = WorkerFleet.LEASE;
    private static final Duration RECOVERY = WorkerFleet.RECOVERY;
    /** What a busy two-core machine may add to a recovery and the claim after it. */
    private static final Duration SLACK = Duration.ofSeconds(3);
    private static final Duration FREEZE = LEASE.multipliedBy(2);

    private static final String KEYED = "demo.sleep";
    private static final int PER_KEY = 2;
    private static final int KEYS = 50;
    /** Submitted with the rate-limited backlog, and once that is done; a few thousand in all. */
    private static final int KEYED_BEFORE_KILL = 1_500;
    private static final int KEYED_BEFORE_FREEZE = 1_000;

    private static final String RATED = "demo.export";
    private static final int RATE = 40;
    /** Long beside a claim's round trip on a busy machine, which each start after the first burst waits on. */
    private static final Duration RATE_PERIOD = Duration.ofSeconds(4);
    private static final int RATED_TASKS = 160;

    private FaultDatabase db;
    private WorkerFleet workers;
    private HikariDataSource dataSource;
    private JdbcTemplate jdbc;
    private String url;
    private LeaseAudit audit;

    @BeforeEach
    void freshDatabase() {
        db = FaultDatabase.recreate("limit_faults");
        dataSource = db.dataSource();
        jdbc = db.jdbc();
        audit = new LeaseAudit(jdbc);
        audit.install();
        url = db.url();
    }

    @Test
    void keyCapsAndRateLimitsHoldThroughAKillAndAFreeze() throws Exception {
        long seed = Long.getLong("faults.seed", System.nanoTime());
        System.out.println("LimitFaultsIT seed=" + seed + " (rerun with -Dfaults.seed=" + seed + ")");
        Random random = new Random(seed);
        List<WorkerNode> fleet = startFleet();
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < RATED_TASKS; i++) {
            // ahead of the keyed tasks for a slot, so that only the rate limit holds them back
            tasks.add(new NewTask(RATED, "{\"rows\": 1000}", 5, 0, 10, null, null));   // 20 pages of 5 ms
        }
        tasks.addAll(keyedTasks(random, KEYED_BEFORE_KILL));
        TaskStore store = MyBatisStores.create(dataSource).taskStore();
        store.insert(tasks);

        // mid-run for both types: in the second rate period, the victim holding tasks of each
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50))
                .until(() -> audit.claims(RATED).size() > RATE);
        WorkerNode crashed = awaitHoldingBoth(fleet);
        List<WorkerNode> survivors = fleet.stream().filter(node -> node != crashed).toList();
        WorkerNode frozen = survivors.get(random.nextInt(2));
        crashed.kill();
        TaskRows rows = new TaskRows(dataSource);
        // the freeze after the rate-limited backlog: the other workers' wait for the claim row would slow its starts
        await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(100)).until(() -> jdbc.queryForObject(
                "SELECT COUNT(*) FROM system_async_task WHERE task_type = ? AND status NOT IN ('SUCCESS', 'FAILED', 'CANCELLED')",
                Long.class, RATED) == 0);
        store.insert(keyedTasks(random, KEYED_BEFORE_FREEZE));   // a backlog for the freeze to interrupt
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(5)).until(() -> held(frozen, KEYED) >= 8);
        double lateBeforeFreeze = frozen.lateOutcomes();
        ClaimRowHolder claimRow = new ClaimRowHolder(dataSource);
        long stoppedConnection = freezeInsideALimitedClaim(frozen, claimRow, random);
        long frozenAtMicros = jdbc.queryForObject("SELECT TIMESTAMPDIFF(MICROSECOND, '1970-01-01', NOW(3))", Long.class);
        Thread.sleep(FREEZE.toMillis());
        long othersClaimedMeanwhile = audit.claims(KEYED).stream()
                .filter(claim -> !claim.worker().equals(frozen.id()) && claim.atMicros() > frozenAtMicros).count();
        boolean stoppedConnectionOpen = claimRow.isOpen(stoppedConnection);
        frozen.thaw();
        Timestamp thawedAt = databaseNow();
        double frozenLateOutcomes = frozen.awaitLateOutcomesSince(lateBeforeFreeze);
        await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(200)).until(() -> rows.countNotTerminal() == 0);

        Map<Long, Long> endings = audit.endingsPerTask();
        long duplicates = endings.values().stream().filter(count -> count > 1).count();
        long succeeded = rows.count("SUCCESS");
        ExecutionLog executions = RecordedExecutions.read(jdbc);
        List<Long> taskIds = jdbc.queryForList("SELECT id FROM system_async_task", Long.class);
        Map<Long, Integer> runs = executions.perTask();
        long neverRun = taskIds.stream().filter(id -> !runs.containsKey(id)).count();
        Map<Long, String> runsBeyondClaims = executions.runMoreOftenThan(audit.claimsPerTask());
        System.out.printf("LIMIT FAULTS tasks=%d succeeded=%d kills=1 (%s) stops=1 (%s, %d ms) duplicates=%d lost=%d "
                        + "executions=%d never_run=%d runs_beyond_claims=%d recoveries=%d frozen_late_outcomes=%.0f%n",
                taskIds.size(), succeeded, crashed.id(), frozen.id(), FREEZE.toMillis(), duplicates,
                taskIds.size() - endings.size(), executions.size(), neverRun, runsBeyondClaims.size(), audit.recoveries(),
                frozenLateOutcomes);

        assertThat(taskIds).hasSize(KEYED_BEFORE_KILL + KEYED_BEFORE_FREEZE + RATED_TASKS);
        assertThat(succeeded).as("tasks ended SUCCESS").isEqualTo(taskIds.size());
        assertThat(duplicates).as("tasks ended more than once").isZero();
        assertThat(endings).as("tasks ended").hasSameSizeAs(taskIds);
        assertThat(neverRun).as("tasks no handler ran").isZero();
        assertThat(runsBeyondClaims).as("tasks run more often than claimed").isEmpty();
        assertThat(audit.claimsDuringAnotherHoldersLease()).as("claims while another holder's lease was valid").isEmpty();
        assertThat(audit.staleHolderWrites()).as("outcomes written with a stale token").isEmpty();
        assertThat(frozenLateOutcomes).as("the frozen worker's late outcomes, refused or dropped by itself").isPositive();
        assertThat(audit.claimsBy(frozen.id(), thawedAt)).as("claims of the thawed worker").isPositive();
        System.out.printf("LIMIT FAULTS stopped inside a limited claim: connection=%d ended=%b "
                + "keyed_claims_of_others_while_stopped=%d%n", stoppedConnection, !stoppedConnectionOpen,
                othersClaimedMeanwhile);
        assertThat(stoppedConnectionOpen).as("the connection of the claim stopped holding the claim row").isFalse();
        assertThat(othersClaimedMeanwhile).as("keyed claims of the other workers while it stayed stopped").isPositive();
        assertKeyCapHeld(audit.keySlotsRecoveredFrom(crashed.id()), audit.keySlotsRecoveredFrom(frozen.id()));
        assertRateLimitHeld();
    }

    /** The per-key audit: the leases' intervals per key, and the slots recovered from the killed and the frozen worker. */
    private void assertKeyCapHeld(List<FreedSlot> crashedSlots, List<FreedSlot> frozenSlots) {
        Map<Long, String> keyOf = new HashMap<>();
        jdbc.query("SELECT id, task_key FROM system_async_task WHERE task_type = ?", row -> {
            keyOf.put(row.getLong("id"), row.getString("task_key"));
        }, KEYED);
        ExecutionLog leases = audit.leases();
        List<String> overCap = new ArrayList<>();
        int mostPerKey = 0;
        for (String key : keyOf.values().stream().distinct().sorted().toList()) {
            mostPerKey = Math.max(mostPerKey, leases.maxAtOnce(entry -> key.equals(keyOf.get(entry.taskId()))));
            overCap.addAll(leases.overshoots(PER_KEY, entry -> key.equals(keyOf.get(entry.taskId()))));
        }
        long bound = LEASE.plus(RECOVERY).plus(SLACK).toMillis();
        long[] claimed = audit.claims(KEYED).stream().mapToLong(Claim::atMicros).toArray();
        long longestPause = 0;
        for (int i = 1; i < claimed.length; i++) {
            longestPause = Math.max(longestPause, (claimed[i] - claimed[i - 1]) / 1000);
        }
        System.out.printf("LIMIT FAULTS keyed tasks=%d keys=%d cap=%d max_leased_per_key=%d over_cap=%d "
                        + "crashed_slots_recovered=%d freed_after_last_write_ms=%s then_next_start_ms=%s "
                        + "frozen_slots_recovered=%d freed_after_last_write_ms=%s then_next_start_ms=%s bound_ms=%d "
                        + "longest_pause_between_claims_ms=%d%n",
                keyOf.size(), keyOf.values().stream().distinct().count(), PER_KEY, mostPerKey, overCap.size(),
                crashedSlots.size(), latest(crashedSlots, FreedSlot::freedAfterMillis),
                latest(crashedSlots, FreedSlot::nextStartAfterMillis), frozenSlots.size(),
                latest(frozenSlots, FreedSlot::freedAfterMillis), latest(frozenSlots, FreedSlot::nextStartAfterMillis),
                bound, longestPause);

        assertThat(overCap).as("instants at which a key held more leases than its cap").isEmpty();
        assertThat(mostPerKey).as("the cap was reached").isEqualTo(PER_KEY);
        assertThat(crashedSlots).as("slots recovered from the killed worker").isNotEmpty();
        assertThat(frozenSlots).as("slots recovered from the frozen worker").isNotEmpty();
        for (FreedSlot slot : crashedSlots) {
            assertThat(slot.freedAfterMillis()).as("ms from the killed worker's last write until the slot of %s was freed",
                    slot).isLessThanOrEqualTo(bound);
        }
        for (FreedSlot slot : Stream.concat(crashedSlots.stream(), frozenSlots.stream()).toList()) {
            assertThat(slot.nextStartAfterMillis()).as("a start of the key of %s after its slot was freed", slot)
                    .isNotNull();
        }
    }

    /** The rate audit: every window of the period, over every start (re-runs included), and the rate achieved. */
    private void assertRateLimitHeld() {
        List<Claim> starts = audit.claims(RATED);
        long periodMicros = RATE_PERIOD.toNanos() / 1000;
        int mostInWindow = mostStartsInAWindow(starts, periodMicros);
        long first = starts.get(0).atMicros();
        Map<Long, Long> firstStartOf = new HashMap<>();
        starts.forEach(start -> firstStartOf.merge(start.taskId(), start.atMicros(), Math::min));
        long lastWaitingStarted = firstStartOf.values().stream().mapToLong(Long::longValue).max().orElseThrow();
        long periods = (lastWaitingStarted - first) / periodMicros;   // whole periods in which tasks waited
        long startsInPeriods = starts.stream().filter(start -> start.atMicros() < first + periods * periodMicros).count();
        double achieved = periods == 0 ? 0 : (double) startsInPeriods / periods;
        long restarts = starts.size() - firstStartOf.size();
        System.out.printf("LIMIT FAULTS rate tasks=%d limit=%d per %d ms starts=%d restarts=%d max_starts_per_window=%d "
                        + "periods=%d achieved_per_period=%.2f%n", firstStartOf.size(), RATE, RATE_PERIOD.toMillis(),
                starts.size(), restarts, mostInWindow, periods, achieved);

        assertThat(firstStartOf).as("rate-limited tasks started").hasSize(RATED_TASKS);
        assertThat(restarts).as("rate-limited tasks the faults left to recover, started again").isPositive();
        assertThat(mostInWindow).as("most starts in one window of %s", RATE_PERIOD).isLessThanOrEqualTo(RATE);
        assertThat(periods).as("whole periods with tasks waiting").isGreaterThanOrEqualTo(3);
        assertThat(achieved).as("starts per period while tasks waited").isGreaterThanOrEqualTo(0.9 * RATE);
    }

    private static List<NewTask> keyedTasks(Random random, int count) {
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String payload = "{\"ms\": " + (200 + random.nextInt(401)) + "}";   // 200 to 600 ms: the caps bind
            tasks.add(new NewTask(KEYED, payload, 0, 0, 10, null, null, "k" + random.nextInt(KEYS), null));
        }
        return tasks;
    }

    /** The most starts in one window (t - period, t]: the windows that end at a start hold the most. */
    private static int mostStartsInAWindow(List<Claim> starts, long periodMicros) {
        long[] at = starts.stream().mapToLong(Claim::atMicros).sorted().toArray();
        int most = 0;
        int oldest = 0;
        for (int i = 0; i < at.length; i++) {
            while (at[oldest] <= at[i] - periodMicros) {
                oldest++;
            }
            most = Math.max(most, i - oldest + 1);
        }
        return most;
    }

    private List<WorkerNode> startFleet() throws Exception {
        workers = new WorkerFleet(url, url, Files.createDirectories(Path.of("target", "limit-faults")),
                32,   // near the 100 leases the keys' caps allow: keys reach their cap
                List.of("--async-task.types." + KEYED + ".key-concurrency=" + PER_KEY,
                        "--async-task.types." + RATED + ".rate-limit=" + RATE,
                        "--async-task.types." + RATED + ".rate-period=" + RATE_PERIOD.toMillis() + "ms"));
        List<WorkerNode> fleet = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            fleet.add(workers.start("l" + i));
        }
        workers.awaitUp();
        return List.copyOf(fleet);
    }

    private long held(WorkerNode node, String taskType) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task WHERE status = 'RUNNING' AND lease_owner = ? "
                + "AND task_type = ?", Long.class, node.id(), taskType);
    }

    /** Waits until a node holds a rate-limited task and a few keyed ones, so that its kill leaves leases of both. */
    private WorkerNode awaitHoldingBoth(List<WorkerNode> fleet) {
        AtomicReference<String> holder = new AtomicReference<>();
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(5)).until(() -> {
            jdbc.query("SELECT lease_owner FROM system_async_task WHERE status = 'RUNNING' GROUP BY lease_owner "
                    + "HAVING SUM(task_type = ?) > 0 AND SUM(task_type = ?) >= 4 LIMIT 1", row -> {
                holder.set(row.getString("lease_owner"));
            }, RATED, KEYED);
            return holder.get() != null;
        });
        return fleet.stream().filter(node -> node.id().equals(holder.get())).findFirst().orElseThrow();
    }

    /**
     * Stops the worker with SIGSTOP at an instant it holds the claim row, inside a limited claim: stopped elsewhere,
     * it runs again a moment later and is stopped again. Returns the connection through which it holds the row.
     */
    private static long freezeInsideALimitedClaim(WorkerNode node, ClaimRowHolder claimRow, Random random)
            throws InterruptedException {
        for (int attempt = 1; attempt <= 500; attempt++) {
            node.freeze();
            OptionalLong connection = claimRow.connectionOf(node.id());
            if (connection.isPresent()) {
                System.out.println("LimitFaultsIT: " + node.id() + " stopped inside a limited claim at attempt " + attempt);
                return connection.getAsLong();
            }
            node.thaw();
            Thread.sleep(random.nextInt(30));
        }
        throw new AssertionError(node.id() + " was never stopped inside a limited claim in 500 attempts");
    }

    private Timestamp databaseNow() {
        return jdbc.queryForObject("SELECT NOW(3)", Timestamp.class);
    }

    private static Long latest(List<FreedSlot> slots, Function<FreedSlot, Long> millis) {
        return slots.stream().map(millis).filter(Objects::nonNull).max(Long::compare).orElse(null);
    }

    @AfterEach
    void tearDown() throws Exception {
        if (workers != null) {
            workers.close();
        }
        if (db != null) {
            db.close();
        }
    }
}
