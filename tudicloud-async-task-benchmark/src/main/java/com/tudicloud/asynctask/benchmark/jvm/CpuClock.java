package com.tudicloud.asynctask.benchmark.jvm;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;

/**
 * CPU time of this JVM: all of it (JIT compiler and GC threads included), and that of the engine's
 * own threads (named with a prefix: {@code async-task-} for the poller, completion writer, slots,
 * heartbeat, ...; each peer's own, e.g. {@code db-scheduler-}), so that the cost per task can be told apart
 * from a JIT that is still compiling.
 */
final class CpuClock {

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final List<String> engineThreadPrefixes;

    CpuClock(List<String> engineThreadPrefixes) {
        this.engineThreadPrefixes = List.copyOf(engineThreadPrefixes);
    }

    long processNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** CPU time of the live engine threads; read it before the worker stops and its threads end. */
    long engineThreadNanos() {
        return Arrays.stream(threads.getThreadInfo(threads.getAllThreadIds()))
                .filter(info -> info != null && engineThreadPrefixes.stream().anyMatch(info.getThreadName()::startsWith))
                .mapToLong(info -> Math.max(0, threads.getThreadCpuTime(info.getThreadId())))
                .sum();
    }
}
