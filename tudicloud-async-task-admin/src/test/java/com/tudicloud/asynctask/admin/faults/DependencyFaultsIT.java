package com.tudicloud.asynctask.admin.faults;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.DependencyFailure;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.client.ClientMetrics;
import com.tudicloud.asynctask.client.DefaultAsyncTaskClient;
import com.tudicloud.asynctask.client.JacksonPayloadCodec;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.testing.LeaseAudit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Task dependencies with real worker processes (the admin jar as worker nodes, each handler execution recorded, every
 * status and lease change audited by a trigger). A step that fails for good ends the rest of its chain as each step's
 * rule says. Chains and diamonds of demo.sleep steps, a fixed set and one generated from a printed seed, run while one
 * worker is killed with SIGKILL and another frozen with SIGSTOP past its lease, then thawed. Afterwards every task
 * reached the end its graph gives it, nothing of a dependent (a claim, a release, a handler execution) began before
 * each of its dependencies ended, no WAITING row was taken, no end was written twice and no task ran again without a
 * recovery of its lease. The worker nodes are started once for both tests.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DependencyFaultsIT {

    private static final Duration TO_END = Duration.ofMinutes(3);
    private static final Duration TO_HOLD = Duration.ofSeconds(30);
    private static final int WORKERS = 3;

    private FaultDatabase db;
    private WorkerFleet fleet;
    private AsyncTaskClient client;

    @BeforeAll
    void startFleet() throws Exception {
        db = FaultDatabase.recreate("dependency_faults");
        new LeaseAudit(db.jdbc()).install();
        fleet = new WorkerFleet(db.url(), db.url(), Files.createDirectories(Path.of("target", "dependency-faults")));
        for (int i = 1; i <= WORKERS; i++) {
            fleet.start("d" + i);
        }
        fleet.awaitUp();
        client = new DefaultAsyncTaskClient(MyBatisStores.create(db.dataSource()).taskStore(),
                new JacksonPayloadCodec(JsonMapper.builder().build()), Clock.systemUTC(), dueTypes -> {
                }, ClientMetrics.NONE);
    }

    @Test
    @Order(1)
    void aStepThatFailsForGoodCancelsTheRestOfItsChainButNotWhatRunsAnyway() throws Exception {
        TaskGraph graph = new TaskGraph(client);
        List<Long> chain = graph.chain(List.of(TaskGraph.work(50), TaskGraph.work(50), TaskGraph.failing(),
                TaskGraph.work(50), TaskGraph.work(50), TaskGraph.work(50)));
        long failed = chain.get(2);
        long runsAnyway = graph.submit(TaskGraph.work(50).after(failed).ifDependencyFails(DependencyFailure.RUN));
        long afterRunsAnyway = graph.submit(TaskGraph.work(50).after(runsAnyway));
        long cancelledBeside = graph.submit(TaskGraph.work(50).after(failed));
        long runsAfterCancelled = graph.submit(TaskGraph.work(50).after(chain.get(5))
                .ifDependencyFails(DependencyFailure.RUN));
        db.awaitTasksEnded(TO_END);

        DependencyAudit audit = DependencyAudit.of(db.jdbc(), graph);
        Map<Long, DependencyAudit.End> ends = audit.ends();
        assertThat(List.of(chain.get(0), chain.get(1), runsAnyway, afterRunsAnyway, runsAfterCancelled))
                .allSatisfy(id -> assertThat(ends.get(id).status()).as("task " + id).isEqualTo("SUCCESS"));
        assertThat(ends.get(failed).status()).isEqualTo("FAILED");
        assertThat(ends.get(chain.get(3))).isEqualTo(cancelled("dependency " + failed + " ended FAILED"));
        assertThat(ends.get(chain.get(4))).isEqualTo(cancelled("dependency " + chain.get(3) + " ended CANCELLED"));
        assertThat(ends.get(chain.get(5))).isEqualTo(cancelled("dependency " + chain.get(4) + " ended CANCELLED"));
        assertThat(ends.get(cancelledBeside)).isEqualTo(cancelled("dependency " + failed + " ended FAILED"));
        assertThat(audit.tasksRunToTheEnd()).as("tasks whose handler ran")
                .contains(runsAnyway, afterRunsAnyway, runsAfterCancelled)
                .doesNotContain(chain.get(3), chain.get(4), chain.get(5), cancelledBeside);
        assertDependenciesHeld("FAILURES", graph, 0, 0);
    }

    /**
     * A graph generated from a printed seed (chains of random lengths, diamonds of random widths, steps that fail for
     * good, steps that run anyway) and a fixed one, 20 chains of 30 steps and 10 diamonds, both gated so that they
     * start together once submitted; then the faults strike: the seed picks the moment of the kill and the order in
     * which the workers are looked at for the one to kill and the one to freeze, each the first found holding a task.
     */
    @Test
    @Order(2)
    void chainsAndDiamondsHoldTheirOrderThroughAKillAndAFreeze() throws Exception {
        long seed = Long.getLong("faults.seed", System.nanoTime());
        System.out.println("DependencyFaultsIT seed=" + seed + " (rerun with -Dfaults.seed=" + seed + ")");
        Random random = new Random(seed);
        TaskGraph generated = generatedGraph(random);
        TaskGraph fixed = fixedGraph();
        generated.open();
        fixed.open();
        String what = killAndFreeze(random);
        db.awaitTasksEnded(TO_END);

        System.out.println("DependencyFaultsIT " + what);
        assertDependenciesHeld("GENERATED seed=" + seed, generated, 1, 1);
        assertDependenciesHeld("FIXED", fixed, 1, 1);
        assertJoinsRanOnce(generated);
        assertJoinsRanOnce(fixed);
        // the killed worker held a task when it died: its lease, at least, expired and was recovered
        long recoveries = DependencyAudit.of(db.jdbc(), generated).recoveries()
                + DependencyAudit.of(db.jdbc(), fixed).recoveries();
        assertThat(recoveries).as("leases the faults left to recover").isPositive();
    }

    private TaskGraph generatedGraph(Random random) {
        TaskGraph graph = TaskGraph.gated(client);
        int chains = 6 + random.nextInt(7);
        for (int c = 0; c < chains; c++) {
            List<TaskRequest> steps = new ArrayList<>();
            int length = 5 + random.nextInt(21);
            for (int s = 0; s < length; s++) {
                steps.add(generatedStep(random));
            }
            graph.chain(steps);
        }
        int diamonds = 3 + random.nextInt(6);
        for (int d = 0; d < diamonds; d++) {
            List<TaskRequest> branches = new ArrayList<>();
            int width = 2 + random.nextInt(5);
            for (int b = 0; b < width; b++) {
                branches.add(generatedStep(random));
            }
            graph.diamond(generatedStep(random), branches, generatedStep(random));
        }
        return graph;
    }

    private TaskGraph fixedGraph() {
        TaskGraph graph = TaskGraph.gated(client);
        for (int c = 0; c < 20; c++) {
            List<TaskRequest> steps = new ArrayList<>();
            for (int s = 0; s < 30; s++) {
                steps.add(TaskGraph.work(20 + 20 * ((c + s) % 4)));
            }
            graph.chain(steps);
        }
        for (int d = 0; d < 10; d++) {
            graph.diamond(TaskGraph.work(50), List.of(TaskGraph.work(100), TaskGraph.work(60)), TaskGraph.work(50));
        }
        return graph;
    }

    /**
     * After a moment the seed picks, kills the first worker found holding a task and freezes the next one found
     * holding one for two leases, then thaws it; which ones they were.
     */
    private String killAndFreeze(Random random) throws Exception {
        Thread.sleep(200 + random.nextInt(1_300));
        List<WorkerNode> candidates = new ArrayList<>(fleet.alive());
        Collections.shuffle(candidates, random);
        WorkerNode killed = db.awaitAnyHolding(candidates, TO_HOLD);
        killed.kill();
        candidates.remove(killed);
        WorkerNode frozen = db.awaitAnyHolding(candidates, TO_HOLD);
        frozen.freeze();
        Thread.sleep(WorkerFleet.LEASE.multipliedBy(2).toMillis());
        frozen.thaw();
        return "killed " + killed.id() + ", froze " + frozen.id();
    }

    private static DependencyAudit.End cancelled(String reason) {
        return new DependencyAudit.End("CANCELLED", reason);
    }

    /** A generated step: mostly work of 20 to 80 ms, now and then one that fails, at times run anyway. */
    private static TaskRequest generatedStep(Random random) {
        TaskRequest step = random.nextInt(25) == 0 ? TaskGraph.failing() : TaskGraph.work(20 + random.nextInt(61));
        return random.nextInt(4) == 0 ? step.ifDependencyFails(DependencyFailure.RUN) : step;
    }

    /**
     * The guarantees every part checks: each task reached its planned end (a cancelled one naming a dependency that
     * did not succeed), the store holds the planned edges, nothing of a dependent began before its dependencies ended,
     * no WAITING row was taken, no end was written twice, nothing ran more often than a recovery explains.
     */
    private void assertDependenciesHeld(String part, TaskGraph graph, int kills, int stops) {
        DependencyAudit audit = DependencyAudit.of(db.jdbc(), graph);
        Map<Long, TaskStatus> expected = graph.expectedEnds();
        Map<Long, DependencyAudit.End> ends = audit.ends();
        Set<Long> ranToTheEnd = audit.tasksRunToTheEnd();
        Map<Long, Long> executionsPerTask = audit.executionsPerTask();
        Map<Long, String> wrongEnds = new TreeMap<>();
        expected.forEach((id, end) -> {
            DependencyAudit.End actual = ends.get(id);
            if (actual == null || !actual.status().equals(end.name())) {
                wrongEnds.put(id, "expected " + end + ", ended " + (actual == null ? "missing" : actual.status()));
            } else if (end == TaskStatus.SUCCESS && !ranToTheEnd.contains(id)) {
                wrongEnds.put(id, "SUCCESS without a handler run");
            } else if (end == TaskStatus.CANCELLED && !graph.tasks().get(id).cancelled()
                    && !cancelledForADependency(graph, id, actual, ends)) {
                wrongEnds.put(id, "cancelled for " + actual.lastError());
            }
        });
        long cancelledThatRan = expected.entrySet().stream()
                .filter(entry -> entry.getValue() == TaskStatus.CANCELLED && executionsPerTask.containsKey(entry.getKey()))
                .count();
        List<String> earlyStarts = audit.acceptedStartsBeforeDependencyEnd();
        List<String> earlyExecutions = audit.executionsBeforeDependencyEnd();
        List<String> earlyReleases = audit.leftWaitingBeforeDependencyEnd();
        List<String> earlyClaims = audit.claimsBeforeDependencyEnd();
        List<String> waitingTaken = audit.waitingRowsTaken();
        LeaseAudit leases = new LeaseAudit(db.jdbc());
        List<String> staleWrites = leases.staleHolderWrites();
        Map<Long, Long> endings = leases.endingsPerTask();
        long duplicates = staleWrites.size() + expected.keySet().stream()
                .mapToLong(id -> Math.max(0, endings.getOrDefault(id, 0L) - 1)).sum();
        List<String> unexplainedReruns = audit.reclaimsWithoutRecovery();
        long[] gap = audit.releaseToClaimMillis();
        long executions = executionsPerTask.values().stream().mapToLong(Long::longValue).sum();

        System.out.printf("DEPENDENCY FAULTS %s chains=%d diamonds=%d steps=%d edges=%d kills=%d stops=%d executions=%d "
                        + "recoveries=%d duplicates=%d lost=%d cancelled_that_ran=%d early_starts=%d early_executions=%d "
                        + "early_releases=%d early_claims=%d waiting_taken=%d unexplained_reruns=%d max_gap_ms=%d "
                        + "min_gap_ms=%d%n", part, graph.chains().size(), graph.joins().size(), graph.size(),
                graph.edges().size(), kills, stops, executions, audit.recoveries(), duplicates, wrongEnds.size(),
                cancelledThatRan, earlyStarts.size(), earlyExecutions.size(), earlyReleases.size(), earlyClaims.size(),
                waitingTaken.size(), unexplainedReruns.size(), gap[0], gap[1]);

        assertThat(audit.storedEdges()).as("the edges the store holds").isEqualTo(graph.edges());
        assertThat(wrongEnds).as("tasks that did not reach their planned end (lost)").isEmpty();
        assertThat(cancelledThatRan).as("cancelled tasks whose handler ran").isZero();
        assertThat(earlyStarts).as("accepted runs started before a dependency ended").isEmpty();
        assertThat(earlyExecutions).as("handler executions begun before a dependency ended").isEmpty();
        assertThat(earlyReleases).as("tasks out of WAITING before a dependency ended").isEmpty();
        assertThat(earlyClaims).as("claims before a dependency ended").isEmpty();
        assertThat(waitingTaken).as("WAITING rows claimed or ended but by a cancel").isEmpty();
        assertThat(staleWrites).as("outcomes written with a stale token").isEmpty();
        assertThat(duplicates).as("ends written twice").isZero();
        assertThat(unexplainedReruns).as("tasks claimed again without a recovery of their lease").isEmpty();
    }

    /** A cancel's reason names one of the task's dependencies, which ended as the reason says, not SUCCESS. */
    private static boolean cancelledForADependency(TaskGraph graph, long id, DependencyAudit.End end,
                                                   Map<Long, DependencyAudit.End> ends) {
        return graph.tasks().get(id).after().stream().anyMatch(dependency -> {
            String status = ends.get(dependency).status();
            return !status.equals("SUCCESS") && ("dependency " + dependency + " ended " + status).equals(end.lastError());
        });
    }

    /** Each diamond's join that was to run ran once, and again only after a recovery of its lease. */
    private void assertJoinsRanOnce(TaskGraph graph) {
        DependencyAudit audit = DependencyAudit.of(db.jdbc(), graph);
        Map<Long, TaskStatus> expected = graph.expectedEnds();
        Map<Long, Long> runs = audit.executionsPerTask();
        Map<Long, Long> recoveries = audit.recoveriesPerTask();
        for (long join : graph.joins()) {
            if (expected.get(join) == TaskStatus.CANCELLED) {
                assertThat(runs).as("runs of cancelled join " + join).doesNotContainKey(join);
            } else {
                assertThat(runs.getOrDefault(join, 0L)).as("runs of join " + join)
                        .isBetween(1L, 1L + recoveries.getOrDefault(join, 0L));
            }
        }
    }

    @AfterAll
    void stopFleet() throws Exception {
        if (fleet != null) {
            fleet.close();
        }
        if (db != null) {
            db.close();
        }
    }
}
