package com.tudicloud.asynctask.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A JVM of its own, started on this JVM's class path (or another one) with a main class: a worker node, a
 * replica, a benchmark producer. Its standard output and error go to this JVM's, or to a log file, or its
 * standard output is read line by line ({@link #awaitLine}); lines written with {@link #send} reach its
 * standard input. It is stopped, killed, frozen and thawed as an operating system would.
 */
public final class JvmProcess implements AutoCloseable {

    /** How long {@link #close} lets the process end after SIGTERM before it kills it. */
    private static final Duration CLOSE_GRACE = Duration.ofSeconds(10);
    private static final String END_OF_OUTPUT = "\u0000EOF";

    private final String name;
    private final Process process;
    private final PrintWriter input;
    private final BlockingQueue<String> lines;

    private JvmProcess(String name, Process process, boolean captured) {
        this.name = name;
        this.process = process;
        this.input = new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
        this.lines = captured ? new LinkedBlockingQueue<>() : null;
        if (captured) {
            Thread reader = new Thread(this::readLines, "jvm-" + name + "-stdout");
            reader.setDaemon(true);
            reader.start();
        }
    }

    /** A JVM running {@code mainClass} on this JVM's class path. */
    public static Builder builder(String name, Class<?> mainClass) {
        return new Builder(name, mainClass.getName());
    }

    /** A JVM running the class named {@code mainClass}, e.g. a jar's launcher given {@link Builder#classPath}. */
    public static Builder builder(String name, String mainClass) {
        return new Builder(name, mainClass);
    }

    public String name() {
        return name;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Waits for the next line of standard output that starts with {@code prefix}, skipping the others.
     *
     * @throws IllegalStateException when no such line came within {@code timeout}, or the process ended first
     */
    public String awaitLine(String prefix, Duration timeout) throws InterruptedException {
        if (lines == null) {
            throw new IllegalStateException(name + ": its standard output is not captured (Builder.captureOutput)");
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            String line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null) {
                throw new IllegalStateException(name + ": no line starting with '" + prefix + "' within " + timeout);
            }
            if (line.equals(END_OF_OUTPUT)) {
                lines.add(END_OF_OUTPUT);
                throw new IllegalStateException(name + " ended its output before a line starting with '" + prefix + "'");
            }
            if (line.startsWith(prefix)) {
                return line;
            }
        }
    }

    /** Writes one line to the process's standard input. */
    public void send(String line) {
        input.println(line);
    }

    /** @return whether the process ended within {@code timeout} */
    public boolean waitFor(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The exit status of the ended process: 128 + the signal's number when a signal ended it. */
    public int exitValue() {
        return process.exitValue();
    }

    /**
     * SIGTERM, the graceful stop a service manager asks for: shutdown hooks run. Sent to the pid, so that what
     * the process writes while it stops is still read ({@link Process#destroy} would close its streams).
     *
     * @return whether the process ended within {@code timeout}
     */
    public boolean stop(Duration timeout) throws InterruptedException {
        process.toHandle().destroy();
        return waitFor(timeout);
    }

    /** SIGKILL ({@code kill -9}) to the pid: no shutdown hook runs, nothing is written; returns once it is gone. */
    public void kill() throws InterruptedException {
        process.toHandle().destroyForcibly();
        process.waitFor();
    }

    /** SIGSTOP: every thread stops where it is while clocks go on. */
    public void freeze() throws InterruptedException {
        signal("STOP");
    }

    /** SIGCONT: a frozen process goes on where it stopped. */
    public void thaw() throws InterruptedException {
        signal("CONT");
    }

    /** Ends the process if it still runs: SIGTERM, then SIGKILL when it has not ended within 10 s. */
    @Override
    public void close() {
        if (!process.isAlive()) {
            return;
        }
        try {
            if (!stop(CLOSE_GRACE)) {
                kill();
            }
        } catch (InterruptedException e) {
            process.toHandle().destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private void signal(String signal) throws InterruptedException {
        String pid = String.valueOf(process.pid());
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, pid).inheritIO().start();
            if (kill.waitFor() != 0) {
                throw new IllegalStateException("kill -" + signal + " " + pid + " (" + name + ") failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not run kill -" + signal + " " + pid, e);
        }
    }

    private void readLines() {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                lines.add(line);
            }
        } catch (IOException e) {
            // the process is gone: the end marker below says so
        }
        lines.add(END_OF_OUTPUT);
    }

    /** What to start; {@link #start} starts it. */
    public static final class Builder {

        private final String name;
        private final String mainClass;
        private String classPath = System.getProperty("java.class.path");
        private final List<String> jvmOptions = new ArrayList<>();
        private final Map<String, String> systemProperties = new LinkedHashMap<>();
        private final Map<String, String> environment = new LinkedHashMap<>();
        private final List<String> args = new ArrayList<>();
        private boolean captureOutput;
        private Path logFile;

        private Builder(String name, String mainClass) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("a JVM process needs a name");
            }
            if (mainClass == null || mainClass.isBlank()) {
                throw new IllegalArgumentException(name + ": no main class");
            }
            this.name = name;
            this.mainClass = mainClass;
        }

        /** The class path instead of this JVM's, e.g. an application jar. */
        public Builder classPath(String classPath) {
            this.classPath = classPath;
            return this;
        }

        /** Options of the {@code java} command before the main class, e.g. {@code -Xmx128m}. */
        public Builder jvmOptions(List<String> options) {
            jvmOptions.addAll(options);
            return this;
        }

        public Builder jvmOptions(String... options) {
            return jvmOptions(List.of(options));
        }

        /** {@code -Dname=value}. */
        public Builder systemProperty(String name, Object value) {
            systemProperties.put(name, String.valueOf(value));
            return this;
        }

        /** An environment variable of the process, beside those it inherits from this JVM. */
        public Builder env(String name, String value) {
            environment.put(name, value);
            return this;
        }

        /** Arguments of the main class. */
        public Builder args(List<String> arguments) {
            args.addAll(arguments);
            return this;
        }

        public Builder args(String... arguments) {
            return args(List.of(arguments));
        }

        /** Standard output is read line by line ({@link JvmProcess#awaitLine}); standard error goes to this JVM's. */
        public Builder captureOutput() {
            this.captureOutput = true;
            this.logFile = null;
            return this;
        }

        /** Standard output and error both go to {@code file}, which is created or replaced. */
        public Builder logTo(Path file) {
            this.logFile = file;
            this.captureOutput = false;
            return this;
        }

        /** Starts the process; without {@link #captureOutput} or {@link #logTo} its output goes to this JVM's. */
        public JvmProcess start() {
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(jvmOptions);
            systemProperties.forEach((key, value) -> command.add("-D" + key + "=" + value));
            command.add("-cp");
            command.add(classPath);
            command.add(mainClass);
            command.addAll(args);
            ProcessBuilder builder = new ProcessBuilder(command);
            builder.environment().putAll(environment);
            if (logFile != null) {
                builder.redirectErrorStream(true).redirectOutput(logFile.toFile());
            } else if (captureOutput) {
                builder.redirectError(ProcessBuilder.Redirect.INHERIT);
            } else {
                builder.redirectOutput(ProcessBuilder.Redirect.INHERIT).redirectError(ProcessBuilder.Redirect.INHERIT);
            }
            try {
                return new JvmProcess(name, builder.start(), captureOutput);
            } catch (IOException e) {
                throw new UncheckedIOException("could not start " + name + " (" + mainClass + ")", e);
            }
        }
    }
}
