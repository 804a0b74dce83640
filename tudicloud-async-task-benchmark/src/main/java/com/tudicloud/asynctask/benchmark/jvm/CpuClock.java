package com.tudicloud.asynctask.benchmark.jvm;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * CPU time of this JVM: all of it (JIT compiler and GC threads included), and that of the engine's
 * own threads (named with a prefix: {@code async-task-} for the poller, completion writer, slots,
 * heartbeat, ...; {@code db-scheduler-} for the peer's), so that the cost per task can be told apart
 * from a JIT that is still compiling.
 */
final class CpuClock {

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final String engineThreadPrefix;

    CpuClock(String engineThreadPrefix) {
        this.engineThreadPrefix = engineThreadPrefix;
    }

    long processNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** CPU time of the live engine threads; read it before the worker stops and its threads end. */
    long engineThreadNanos() {
        return Arrays.stream(threads.getThreadInfo(threads.getAllThreadIds()))
                .filter(info -> info != null && info.getThreadName().startsWith(engineThreadPrefix))
                .mapToLong(info -> Math.max(0, threads.getThreadCpuTime(info.getThreadId())))
                .sum();
    }
}
