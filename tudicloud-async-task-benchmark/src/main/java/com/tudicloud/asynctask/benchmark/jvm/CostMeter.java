package com.tudicloud.asynctask.benchmark.jvm;

import com.tudicloud.asynctask.benchmark.db.SessionStatements;
import com.tudicloud.asynctask.benchmark.db.StatementCounter;
import com.tudicloud.asynctask.benchmark.db.StatementCounts;
import com.zaxxer.hikari.HikariDataSource;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What an engine in this JVM costs from GO to STOP: CPU time (the JVM's, and its engine threads'),
 * and the statements and commits it sent on its counted pool, counted by the driver
 * ({@link StatementCounter}) and, as a check, by the server ({@link SessionStatements}: per-session
 * counters of every connection of the pool, read while the engine is not running).
 */
final class CostMeter {

    private final SessionStatements server;
    private final CpuClock cpu;
    private Map<Long, Long> serverAtStart;
    private long cpuAtStart;
    private long processCpu;
    private long engineCpu;

    CostMeter(HikariDataSource countedPool, List<String> engineThreadPrefixes) {
        this.server = new SessionStatements(countedPool);
        this.cpu = new CpuClock(engineThreadPrefixes);
    }

    /** Call before the engine starts, with the pool idle. */
    void start() {
        serverAtStart = server.read();
        cpuAtStart = cpu.processNanos();
        StatementCounter.start();
    }

    /** Call while the engine still runs: its threads end when it stops. */
    void stopClocks() {
        engineCpu = cpu.engineThreadNanos();
        processCpu = cpu.processNanos() - cpuAtStart;
    }

    /**
     * What the running engine sends and spends in a window of {@code length} that opens {@code after}
     * from now, e.g. {@code seconds=30 statements=12 write_commits=3 ... cpu_us=41000}.
     */
    String window(Duration after, Duration length) throws InterruptedException {
        Thread.sleep(after.toMillis());
        StatementCounts first = StatementCounter.counts();
        long cpuFirst = cpu.processNanos();
        long start = System.nanoTime();
        Thread.sleep(length.toMillis());
        StatementCounts counts = StatementCounter.counts().minus(first);
        return "seconds=" + (System.nanoTime() - start) / 1e9 + " " + counts.toReport()
                + " cpu_us=" + (cpu.processNanos() - cpuFirst) / 1_000;
    }

    /**
     * Call after the engine stopped, with the pool idle. {@code server_statements} is the server's
     * count (-1 if the pool replaced a connection meanwhile); {@code statements} the driver's. The
     * server's reading runs while the driver still counts: the first statement on a connection after
     * the engine stopped may carry a statement the driver owed the session (Connector/J restores
     * {@code SQL_SELECT_LIMIT} only before the next statement after one with a row limit, as Quartz's
     * acquisition sets), which both then count; the readings' own SELECTs are taken off again.
     */
    String report() {
        Map<Long, Long> serverAtEnd = server.read();
        StatementCounter.stop();
        long serverStatements = SessionStatements.between(serverAtStart, serverAtEnd);
        StatementCounts engine = StatementCounter.counts().minus(StatementCounts.ofSelects(serverAtEnd.size()));
        return "cpu_us=" + processCpu / 1_000 + " engine_cpu_us=" + engineCpu / 1_000
                + " server_statements=" + serverStatements + " " + engine.toReport();
    }
}
