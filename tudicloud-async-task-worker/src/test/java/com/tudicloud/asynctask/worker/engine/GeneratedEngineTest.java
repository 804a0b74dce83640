package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.CancelOutcome;
import com.tudicloud.asynctask.api.RetryOutcome;
import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.api.TaskView;
import com.tudicloud.asynctask.api.spi.StoreLimits;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.api.spi.TaskStore;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.testing.LeaseAudit;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.tudicloud.asynctask.worker.WorkerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The engine under generated handlers and faults: real workers (several, with two slots each, short
 * leases and heartbeats) on the real database run tasks whose handlers do what the generator draws:
 * return any artifact id or reason (at and past the column widths, any Unicode, lone surrogates),
 * retry after any delay (none, past the calendar, negative), return null, throw checked exceptions,
 * unchecked ones, Errors and exceptions that cannot describe themselves, report progress of any value,
 * run past max-execution-time, ignore interrupts, return with their thread interrupted; each task gets
 * one to three attempts. Meanwhile tasks are cancelled, retried by an operator,
 * and workers are cut off from the database for up to twice the lease (no statement gets through, or
 * they all do and their replies are lost). After each round:
 * <ul>
 *     <li>every task ends (SUCCESS, FAILED, CANCELLED) or is queued far ahead by its own retry delay;</li>
 *     <li>no worker holds an execution or a slot once nothing runs;</li>
 *     <li>every task nothing touched ended as its handler meant, its values cut and clamped as documented,
 *     and a well-behaved task ran exactly once: its outcome waited behind no bad one;</li>
 *     <li>every stored text fits its column;</li>
 *     <li>no claim happened while another holder's lease was valid, no stale holder wrote (a trigger's
 *     audit of every lease change), and no two executions of a task overlapped unless the earlier one
 *     ignored its interrupt;</li>
 *     <li>every status change in that audit has its task event, and no event lacks its change: none missing,
 *     none twice, each of the kind that makes that status (a claim names its worker).</li>
 * </ul>
 * Seeded: the build runs seed {@value #DEFAULT_SEED}; {@code -Dengine.seed=random} (or a number) explores,
 * {@code -Dengine.cases} sets the number of tasks. A seed fixes the plan (behaviours, chaos, timings);
 * thread timing is the machine's. Prints one summary line; the seed is in every failure.
 */
class GeneratedEngineTest {

    static final Duration HEARTBEAT = Duration.ofMillis(400);
    private static final Duration LEASE = Duration.ofSeconds(2);
    private static final Duration MAX_EXECUTION = Duration.ofMillis(800);
    private static final long DEFAULT_SEED = 20261201L;
    private static final int WORKERS = 3;
    private static final int SLOTS = 2;
    private static final int TASKS_PER_ROUND = 75;
    private static final Duration CHAOS_WINDOW = Duration.ofSeconds(4);
    private static final Duration QUIET_WITHIN = Duration.ofSeconds(90);

    private final TestDatabase db = TestDatabase.get();
    private final JdbcTemplate jdbc = new JdbcTemplate(db.dataSource());
    private final MyBatisStores stores = MyBatisStores.create(db.dataSource());
    private final TaskAdminStore admin = stores.adminStore();
    private final TaskStore tasks = stores.taskStore();
    private final StoreLimits limits = stores.leaseStore().limits();
    @RegisterExtension
    final TestWorkers workers = new TestWorkers(db);

    private final List<String> findings = new ArrayList<>();
    private final Map<String, Integer> statuses = new TreeMap<>();
    private final Map<String, Integer> kinds = new TreeMap<>();
    private final Map<String, Integer> chaos = new TreeMap<>();
    private int executions;

    /** One execution of a generated handler, on the monotonic clock of this JVM (all workers run here). */
    record Execution(long taskId, String workerId, long startNanos, long endNanos, boolean respectsInterrupts) {
    }

    @Test
    void generatedHandlersAndFaultsNeverBreakTheInvariants() throws Exception {
        long seed = seed();
        int cases = Integer.getInteger("engine.cases", 300);
        Random random = new Random(seed);
        LeaseAudit audit = new LeaseAudit(jdbc);
        long started = System.nanoTime();
        audit.install();
        try {
            for (int round = 0, done = 0; done < cases; round++, done += TASKS_PER_ROUND) {
                runRound(round, Math.min(TASKS_PER_ROUND, cases - done), random);
            }
            audit.claimsDuringAnotherHoldersLease().forEach(f -> findings.add("claim during a valid lease: " + f));
            audit.staleHolderWrites().forEach(f -> findings.add("stale holder wrote: " + f));
            eventsAgainstTheAudit();
        } finally {
            audit.uninstall();
        }
        System.out.println("ENGINE seed=" + seed + " cases=" + cases + " took_ms="
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started) + " executions=" + executions
                + " outcomes=" + statuses + " behaviours=" + kinds + " chaos=" + chaos + " findings=" + findings.size());
        assertThat(findings).as("findings with seed %d (rerun with -Dengine.seed=%d)", seed, seed).isEmpty();
    }

    private void runRound(int round, int tasks, Random random) throws Exception {
        String type = "generated.r" + round;
        HostileText texts = new HostileText(random);
        List<Behaviour> plan = new ArrayList<>();
        List<TaskRequest> requests = new ArrayList<>();
        for (int i = 0; i < tasks; i++) {
            Behaviour behaviour = Behaviour.draw(random, texts, MAX_EXECUTION);
            plan.add(behaviour);
            kinds.merge(behaviour.kind(), 1, Integer::sum);
            requests.add(TaskRequest.of(type, i).withMaxAttempts(1 + random.nextInt(3)));
        }
        Queue<Execution> log = new ConcurrentLinkedQueue<>();
        List<AsyncTaskWorker> fleet = new ArrayList<>();
        List<CutOffLeaseStore> cutOffStores = new ArrayList<>();
        for (int w = 0; w < WORKERS; w++) {
            String workerId = "gen-r" + round + "-w" + w;
            fleet.add(workers.start(workerId, GeneratedEngineTest::tune, store -> {
                CutOffLeaseStore cutOff = new CutOffLeaseStore(store);
                cutOffStores.add(cutOff);
                return cutOff;
            }, List.of(new GeneratedHandler(type, workerId, plan, log))));
        }
        AsyncTaskClient client = workers.client(fleet.toArray(AsyncTaskWorker[]::new));
        List<Long> ids = client.submitAll(requests).stream().map(submitted -> submitted.taskId()).toList();

        Set<Long> touched = ConcurrentHashMap.newKeySet();
        List<Timestamp[]> cutOffs = new ArrayList<>();
        runChaos(random, type, client, ids, cutOffStores, touched, cutOffs);

        if (!awaitQuiet(type)) {
            findings.add("round " + round + ": tasks did not settle within " + QUIET_WITHIN + ": " + unsettled(type));
        }
        for (AsyncTaskWorker worker : fleet) {
            if (!eventually(() -> worker.activeTasks() == 0 && worker.freeSlots() == SLOTS, Duration.ofSeconds(10))) {
                findings.add("worker " + worker.workerId() + " still holds " + worker.activeTasks()
                        + " executions and " + (SLOTS - worker.freeSlots()) + " slots with nothing running");
            }
        }
        for (int w = 0; w < WORKERS; w++) {
            touched.addAll(heldDuring(fleet.get(w).workerId(), cutOffs.get(w)));
        }
        checkTasks(round, type, ids, plan, touched, log);
        workers.stopAll();
    }

    private static void tune(WorkerConfig.Builder settings) {
        settings.slots(SLOTS);
        settings.leaseTimeout(LEASE);
        settings.heartbeatInterval(HEARTBEAT);
        settings.recoveryInterval(Duration.ofMillis(500));
        settings.maxExecutionTime(MAX_EXECUTION);
        settings.shutdownTimeout(Duration.ofSeconds(2));
    }

    /** Cancels, operator retries and one cut-off per round, at drawn moments of the chaos window. */
    private void runChaos(Random random, String type, AsyncTaskClient client, List<Long> ids,
                          List<CutOffLeaseStore> cutOffStores, Set<Long> touched, List<Timestamp[]> cutOffs)
            throws InterruptedException {
        ScheduledExecutorService chaosThread = Executors.newSingleThreadScheduledExecutor();
        long window = CHAOS_WINDOW.toMillis();
        for (long id : ids) {
            int dice = random.nextInt(100);
            long at = random.nextLong(window);
            if (dice < 6) {
                chaosThread.schedule(() -> {
                    CancelOutcome outcome = client.cancel(id);
                    count("cancel_" + outcome.name().toLowerCase());
                    if (outcome == CancelOutcome.CANCELLED || outcome == CancelOutcome.CANCEL_REQUESTED) {
                        touched.add(id);
                    }
                }, at, TimeUnit.MILLISECONDS);
            } else if (dice < 10) {
                // an operator retries a task that has ended by then, if one has
                int pick = random.nextInt(1000);
                chaosThread.schedule(() -> {
                    List<Long> ended = jdbc.queryForList("SELECT id FROM system_async_task WHERE task_type = ? "
                            + "AND status IN ('FAILED', 'CANCELLED') ORDER BY id", Long.class, type);
                    long target = ended.isEmpty() ? id : ended.get(pick % ended.size());
                    RetryOutcome outcome = admin.retry(target);
                    count("operator_retry_" + outcome.name().toLowerCase());
                    if (outcome == RetryOutcome.REQUEUED) {
                        touched.add(target);
                    }
                }, at, TimeUnit.MILLISECONDS);
            }
        }
        int victim = random.nextInt(cutOffStores.size());
        Duration cut = Duration.ofMillis(200 + random.nextLong(2 * LEASE.toMillis()));
        boolean repliesLost = random.nextBoolean();
        for (int w = 0; w < cutOffStores.size(); w++) {
            cutOffs.add(new Timestamp[]{new Timestamp(0), new Timestamp(0)});
        }
        chaosThread.schedule(() -> {
            cutOffs.get(victim)[0] = databaseNow();
            cutOffStores.get(victim).cutOffFor(cut, repliesLost);
            count(repliesLost ? "replies_lost" : "cut_off");
        }, random.nextLong(window), TimeUnit.MILLISECONDS);
        chaosThread.shutdown();
        assertThat(chaosThread.awaitTermination(window + 10_000, TimeUnit.MILLISECONDS)).isTrue();
        Thread.sleep(cut.toMillis());
        cutOffs.get(victim)[1] = databaseNow();
    }

    private synchronized void count(String event) {
        count(event, 1);
    }

    private synchronized void count(String event, int times) {
        chaos.merge(event, times, Integer::sum);
    }

    private boolean awaitQuiet(String type) {
        return eventually(() -> jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task WHERE task_type = ? AND "
                + UNSETTLED, Long.class, type) == 0, QUIET_WITHIN);
    }

    private static final String UNSETTLED = "NOT (status IN ('SUCCESS', 'FAILED', 'CANCELLED') "
            + "OR (status = 'SCHEDULED' AND available_at > TIMESTAMPADD(HOUR, 1, NOW(3))))";

    private List<String> unsettled(String type) {
        return jdbc.queryForList("SELECT CONCAT(id, ' ', status, ' attempt ', attempt_count, ' due ', available_at, "
                + "' owner ', COALESCE(lease_owner, '-')) FROM system_async_task WHERE task_type = ? AND " + UNSETTLED,
                String.class, type);
    }

    /** The tasks a worker held a lease on at some moment of its cut-off (claimed before its end, changed after its start). */
    private List<Long> heldDuring(String workerId, Timestamp[] window) {
        return jdbc.queryForList("""
                SELECT task_id FROM fault_lease_audit
                GROUP BY task_id, lease_token
                HAVING SUM(old_status IN ('QUEUED', 'SCHEDULED') AND new_status = 'RUNNING' AND lease_owner = ?) > 0
                   AND MIN(at) <= ? AND MAX(at) >= ?""", Long.class, workerId, window[1], window[0]);
    }

    private void checkTasks(int round, String type, List<Long> ids, List<Behaviour> plan, Set<Long> touched,
                            Queue<Execution> log) {
        Map<Long, List<Execution>> byTask = log.stream().collect(Collectors.groupingBy(Execution::taskId));
        executions += log.size();
        for (int i = 0; i < ids.size(); i++) {
            long id = ids.get(i);
            Behaviour behaviour = plan.get(i);
            TaskView task = tasks.findById(id).orElseThrow();
            statuses.merge(task.status().name(), 1, Integer::sum);
            String where = "round " + round + " task " + id + " (case " + i + ", " + behaviour.kind() + ")";
            List<Execution> runs = byTask.getOrDefault(id, List.of());
            overlaps(runs).forEach(f -> findings.add(where + ": " + f));
            if (touched.contains(id)) {
                continue;
            }
            String finding = behaviour.check(task, limits);
            if (finding != null) {
                findings.add(where + ": " + finding);
            }
            if (behaviour.wellBehaved() && runs.size() != 1) {
                findings.add(where + ": a well-behaved task ran " + runs.size() + " times");
            }
        }
        List<String> oversized = jdbc.queryForList("""
                SELECT CONCAT(id, ': artifact_id ', COALESCE(CHAR_LENGTH(artifact_id), 0), ', last_error ',
                              COALESCE(CHAR_LENGTH(last_error), 0), ', progress_message ',
                              COALESCE(CHAR_LENGTH(progress_message), 0))
                FROM system_async_task
                WHERE task_type = ? AND (CHAR_LENGTH(artifact_id) > 255 OR CHAR_LENGTH(last_error) > 2000
                                         OR CHAR_LENGTH(progress_message) > 500)""", String.class, type);
        oversized.forEach(f -> findings.add("round " + round + ": text longer than its column: " + f));
    }

    /**
     * The task events of the generated tasks against the trigger's audit of their status changes, as multisets
     * of (task, token, status, and the worker of a claim). A SCHEDULED task a claim found due and left for
     * lack of room becomes QUEUED without an event: no attempt or person is involved.
     */
    private void eventsAgainstTheAudit() {
        List<String> changes = jdbc.queryForList("""
                SELECT CONCAT(a.task_id, ' token ', a.lease_token, ' -> ', a.new_status,
                              CASE WHEN a.new_status = 'RUNNING' THEN CONCAT(' by ', a.lease_owner) ELSE '' END)
                FROM fault_lease_audit a JOIN system_async_task t ON t.id = a.task_id
                WHERE t.task_type LIKE 'generated.%' AND a.new_status <> a.old_status
                  AND NOT (a.old_status = 'SCHEDULED' AND a.new_status = 'QUEUED')""", String.class);
        List<String> events = jdbc.queryForList("""
                SELECT CONCAT(e.task_id, ' token ', e.lease_token, ' -> ', e.status,
                              CASE WHEN e.status = 'RUNNING' THEN CONCAT(' by ', e.worker_id) ELSE '' END)
                FROM system_async_task_event e JOIN system_async_task t ON t.id = e.task_id
                WHERE t.task_type LIKE 'generated.%'""", String.class);
        Map<String, Long> missing = multiset(changes);
        Map<String, Long> extra = multiset(events);
        events.forEach(event -> missing.computeIfPresent(event, (key, n) -> n == 1 ? null : n - 1));
        changes.forEach(change -> extra.computeIfPresent(change, (key, n) -> n == 1 ? null : n - 1));
        missing.forEach((change, n) -> findings.add("status change without its event (" + n + "x): " + change));
        extra.forEach((event, n) -> findings.add("event without its status change (" + n + "x): " + event));
        jdbc.queryForList("""
                SELECT CONCAT(e.task_id, ': ', e.event_type, ' left it ', e.status)
                FROM system_async_task_event e JOIN system_async_task t ON t.id = e.task_id
                WHERE t.task_type LIKE 'generated.%' AND NOT (
                       e.event_type = 'CLAIMED' AND e.status = 'RUNNING'
                    OR e.event_type = 'SUCCEEDED' AND e.status = 'SUCCESS'
                    OR e.event_type IN ('FAILED', 'CANCELLED') AND e.status = e.event_type
                    OR e.event_type = 'RETRY_SCHEDULED' AND e.status IN ('SCHEDULED', 'QUEUED')
                    OR e.event_type IN ('RELEASED', 'RETRIED') AND e.status = 'QUEUED'
                    OR e.event_type = 'LEASE_EXPIRED' AND e.status IN ('QUEUED', 'FAILED', 'CANCELLED')
                    OR e.event_type = 'CANCEL_REQUESTED' AND e.status = 'CANCEL_REQUESTED')""", String.class)
                .forEach(f -> findings.add("event of the wrong kind: " + f));
        count("events", events.size());
    }

    private static Map<String, Long> multiset(List<String> items) {
        return items.stream().collect(Collectors.groupingBy(item -> item, TreeMap::new, Collectors.counting()));
    }

    /** Two executions of one task at once, unless the earlier one ignored its interrupt (and was abandoned). */
    private static List<String> overlaps(List<Execution> runs) {
        List<Execution> sorted = runs.stream().sorted(Comparator.comparingLong(Execution::startNanos)).toList();
        List<String> found = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            for (int j = i + 1; j < sorted.size(); j++) {
                Execution earlier = sorted.get(i);
                Execution later = sorted.get(j);
                if (earlier.respectsInterrupts() && earlier.endNanos() > later.startNanos()) {
                    found.add("executions on " + earlier.workerId() + " and " + later.workerId() + " overlapped by "
                            + TimeUnit.NANOSECONDS.toMillis(earlier.endNanos() - later.startNanos()) + " ms");
                }
            }
        }
        return found;
    }

    private Timestamp databaseNow() {
        return jdbc.queryForObject("SELECT NOW(3)", Timestamp.class);
    }

    private static boolean eventually(BooleanSupplier condition, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    private static long seed() {
        String seed = System.getProperty("engine.seed", String.valueOf(DEFAULT_SEED));
        return seed.equals("random") ? new Random().nextLong() : Long.parseLong(seed);
    }

    /** Runs the drawn behaviour of the task whose number is its payload, and logs the execution. */
    private record GeneratedHandler(String taskType, String workerId, List<Behaviour> plan, Queue<Execution> log)
            implements TaskHandler<Integer> {

        @Override
        public Class<Integer> payloadType() {
            return Integer.class;
        }

        @Override
        public TaskResult execute(TaskContext context, Integer number) throws Exception {
            Behaviour behaviour = plan.get(number);
            long start = System.nanoTime();
            try {
                return behaviour.perform(context);
            } finally {
                log.add(new Execution(context.taskId(), workerId, start, System.nanoTime(), behaviour.respectsInterrupts()));
            }
        }
    }
}
