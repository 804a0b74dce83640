package com.tudicloud.asynctask.benchmark.jvm;

import com.tudicloud.asynctask.testing.JvmProcess;

import java.time.Duration;
import java.util.List;

/**
 * The runner's side of the line protocol with a worker or producer JVM ({@link ParentLink} is the child's):
 * the child runs on the runner's own class path, its standard output is read line by line, commands go to its
 * standard input, its standard error (logs) goes to the runner's.
 */
public final class ChildLink implements AutoCloseable {

    private final JvmProcess process;

    private ChildLink(JvmProcess process) {
        this.process = process;
    }

    /** Starts {@code mainClass} with {@code jvmOptions} and {@code args}, e.g. a {@link WorkerMain}. */
    public static ChildLink start(String name, Class<?> mainClass, List<String> jvmOptions, List<String> args) {
        return new ChildLink(JvmProcess.builder(name, mainClass).jvmOptions(jvmOptions).args(args).captureOutput()
                .start());
    }

    /** Waits for READY; a child that could not get ready says why in a FAILED line, which this throws with. */
    public void awaitReady(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            String line = process.awaitLine("", Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
            if (line.startsWith(ParentLink.READY)) {
                return;
            }
            if (line.startsWith(ParentLink.FAILED)) {
                throw new IllegalStateException(process.name() + " could not get ready: "
                        + line.substring(ParentLink.FAILED.length()).trim());
            }
        }
    }

    public void go() {
        process.send(ParentLink.GO);
    }

    /** Asks the child to stop, and returns its {@code STATS} line. */
    public String stop(Duration timeout) throws InterruptedException {
        process.send(ParentLink.STOP);
        String stats = process.awaitLine(ParentLink.STATS, timeout);
        if (!process.waitFor(timeout)) {
            throw new IllegalStateException(process.name() + " did not exit within " + timeout);
        }
        return stats;
    }

    /** Waits for the child's {@code WINDOW k=v ...} line and returns it. */
    public String awaitWindow(Duration timeout) throws InterruptedException {
        return process.awaitLine(ParentLink.WINDOW, timeout);
    }

    /** Waits for the child's {@code PRODUCED n} line and returns n. */
    public int awaitProduced(Duration timeout) throws InterruptedException {
        String line = process.awaitLine(ParentLink.PRODUCED, timeout);
        return Integer.parseInt(line.substring(ParentLink.PRODUCED.length()).trim());
    }

    @Override
    public void close() {
        process.close();
    }
}
