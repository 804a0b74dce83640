package com.tudicloud.asynctask.testing;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** The execution log's checks catch what they are for: a limit exceeded for a moment, a task run twice or never. */
class ExecutionLogTest {

    private final AtomicLong now = new AtomicLong();
    private final ExecutionLog log = new ExecutionLog(now::get);

    private ExecutionLog.Entry startAt(long instant, long taskId, String type) {
        now.set(instant);
        return log.started(taskId, type, "w");
    }

    private void finishAt(long instant, ExecutionLog.Entry entry) {
        now.set(instant);
        log.finished(entry);
    }

    /**
     * Three threads where two are allowed, the third running for 50 ms while the other two wait for it: a
     * sampler looking every 100 ms would most likely miss it, the intervals cannot.
     */
    @Test
    void aLimitExceededByOneExecutionFor50MillisecondsIsReported() throws Exception {
        ExecutionLog real = new ExecutionLog();
        CountDownLatch bothRunning = new CountDownLatch(2);
        CountDownLatch thirdDone = new CountDownLatch(1);
        List<Thread> threads = List.of(
                new Thread(() -> run(real, 1, () -> {
                    bothRunning.countDown();
                    thirdDone.await(10, TimeUnit.SECONDS);
                })),
                new Thread(() -> run(real, 2, () -> {
                    bothRunning.countDown();
                    thirdDone.await(10, TimeUnit.SECONDS);
                })),
                new Thread(() -> {
                    try {
                        bothRunning.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        return;
                    }
                    run(real, 3, () -> Thread.sleep(50));
                    thirdDone.countDown();
                }));
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join(20_000);
        }

        assertThat(real.size()).isEqualTo(3);
        assertThat(real.maxAtOnce(ExecutionLog.all())).isEqualTo(3);
        List<String> overshoots = real.overshoots(2, ExecutionLog.all());
        System.out.println("EXECUTION LOG injected overshoot: " + overshoots);
        assertThat(overshoots).hasSize(4).first().asString().contains("3 ran at once (limit 2)");
        assertThat(real.overshoots(3, ExecutionLog.all())).isEmpty();
    }

    @Test
    void anExecutionThatStartsAsAnotherFinishesDoesNotOverlapIt() {
        finishAt(10, startAt(0, 1, "a"));
        finishAt(20, startAt(10, 2, "a"));

        assertThat(log.maxAtOnce(ExecutionLog.all())).isEqualTo(1);
        assertThat(log.overshoots(1, ExecutionLog.all())).isEmpty();
    }

    @Test
    void aLimitPerTypeCountsOnlyThatType() {
        ExecutionLog.Entry a1 = startAt(0, 1, "a");
        ExecutionLog.Entry b1 = startAt(1, 2, "b");
        ExecutionLog.Entry b2 = startAt(2, 3, "b");
        ExecutionLog.Entry b3 = startAt(3, 4, "b");
        finishAt(4, b1);
        finishAt(5, b2);
        finishAt(6, b3);
        finishAt(7, a1);

        assertThat(log.maxAtOnce(ExecutionLog.ofType("b"))).isEqualTo(3);
        assertThat(log.maxAtOnce(ExecutionLog.all())).isEqualTo(4);
        assertThat(log.overshoots(2, ExecutionLog.ofType("b"))).first().asString().startsWith("at 3, 3 ran at once");
        assertThat(log.overshoots(2, ExecutionLog.ofType("a"))).isEmpty();
    }

    @Test
    void anExecutionStillRunningCountsUntilTheEnd() {
        startAt(0, 1, "a");
        finishAt(200, startAt(100, 2, "a"));

        assertThat(log.overshoots(1, ExecutionLog.all())).first().asString().startsWith("at 100, 2 ran at once");
    }

    @Test
    void aTaskRunTwiceOrNeverIsNamed() {
        finishAt(1, startAt(0, 1, "a"));
        finishAt(3, startAt(2, 2, "a"));
        finishAt(5, startAt(4, 2, "a"));
        finishAt(7, startAt(6, 9, "a"));

        assertThat(log.perTask()).containsEntry(2L, 2);
        assertThat(log.notRunExactlyOnce(List.of(1L, 2L, 3L))).isEqualTo(Map.of(2L, 2, 3L, 0, 9L, 1));
        assertThat(log.overlappingRunsOfOneTask()).isEmpty();
    }

    /** A task claimed once and run twice (a claim dispatched twice, say) is named; a claim without a run is not. */
    @Test
    void aTaskRunMoreOftenThanItWasClaimedIsNamed() {
        finishAt(1, startAt(0, 1, "a"));
        finishAt(3, startAt(2, 1, "a"));
        finishAt(5, startAt(4, 2, "a"));
        finishAt(7, startAt(6, 3, "a"));

        Map<Long, String> over = log.runMoreOftenThan(Map.of(1L, 1, 2L, 2));
        System.out.println("EXECUTION LOG injected second run of one claim: " + over);
        assertThat(over).isEqualTo(Map.of(1L, "ran 2, allowed 1", 3L, "ran 1, allowed 0"));
        assertThat(log.runMoreOftenThan(Map.of(1L, 2, 2L, 1, 3L, 1))).isEmpty();
    }

    @Test
    void twoRunsOfOneTaskAtOnceAreNamed() {
        ExecutionLog.Entry first = startAt(0, 5, "a");
        finishAt(3, startAt(2, 5, "a"));
        finishAt(4, first);

        assertThat(log.overlappingRunsOfOneTask()).singleElement().asString().contains("task 5");
    }

    private interface Body {
        void run() throws InterruptedException;
    }

    private static void run(ExecutionLog log, long taskId, Body body) {
        ExecutionLog.Entry entry = log.started(taskId, "a", Thread.currentThread().getName());
        try {
            body.run();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            log.finished(entry);
        }
    }
}
