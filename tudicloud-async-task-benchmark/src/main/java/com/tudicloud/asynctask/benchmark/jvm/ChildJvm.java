package com.tudicloud.asynctask.benchmark.jvm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The runner's side of a worker or producer JVM: started with {@link ProcessBuilder} on the runner's
 * own class path, its standard output read line by line, commands written to its standard input.
 * Its standard error (logs) goes to the runner's.
 */
public final class ChildJvm implements AutoCloseable {

    private static final String EOF = "\u0000EOF";

    private final String name;
    private final Process process;
    private final PrintWriter commands;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    private ChildJvm(String name, Process process) {
        this.name = name;
        this.process = process;
        this.commands = new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
        Thread reader = new Thread(this::readLines, "child-" + name + "-stdout");
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code mainClass} with {@code jvmOptions} and {@code args}, e.g. a {@link WorkerMain}. */
    public static ChildJvm start(String name, Class<?> mainClass, List<String> jvmOptions, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass.getName());
        command.addAll(args);
        try {
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            return new ChildJvm(name, process);
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + name, e);
        }
    }

    /** Waits for the next output line that starts with {@code prefix}, skipping others. */
    public String awaitLine(String prefix, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            String line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null) {
                throw new IllegalStateException(name + ": no '" + prefix + "' line within " + timeout);
            }
            if (line.equals(EOF)) {
                throw new IllegalStateException(name + " exited before saying '" + prefix + "'");
            }
            if (line.startsWith(prefix)) {
                return line;
            }
        }
    }

    public void awaitReady(Duration timeout) throws InterruptedException {
        awaitLine(ParentLink.READY, timeout);
    }

    public void go() {
        send(ParentLink.GO);
    }

    /** Asks the child to stop, and returns its {@code STATS} line. */
    public String stop(Duration timeout) throws InterruptedException {
        send(ParentLink.STOP);
        String stats = awaitLine(ParentLink.STATS, timeout);
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException(name + " did not exit within " + timeout);
        }
        return stats;
    }

    /** Waits for the child's {@code WINDOW k=v ...} line and returns it. */
    public String awaitWindow(Duration timeout) throws InterruptedException {
        return awaitLine(ParentLink.WINDOW, timeout);
    }

    /** Waits for the child's {@code PRODUCED n} line and returns n. */
    public int awaitProduced(Duration timeout) throws InterruptedException {
        String line = awaitLine(ParentLink.PRODUCED, timeout);
        return Integer.parseInt(line.substring(ParentLink.PRODUCED.length()).trim());
    }

    private void send(String command) {
        commands.println(command);
    }

    private void readLines() {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                lines.add(line);
            }
        } catch (IOException e) {
            // the process is gone; EOF below says so
        }
        lines.add(EOF);
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroy();
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
