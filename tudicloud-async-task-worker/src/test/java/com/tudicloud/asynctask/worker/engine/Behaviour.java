package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.api.TaskView;
import com.tudicloud.asynctask.api.spi.StoreLimits;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Random;

/**
 * What a generated handler does with one task, and what the task must end as when nothing else (a
 * cancel, an operator's retry, a worker cut off from the database) touched it.
 */
sealed interface Behaviour {

    TaskResult perform(TaskContext context) throws Exception;

    /** A name for the summary. */
    String kind();

    /** How the task must have ended; a finding, or null when it did. */
    String check(TaskView task, StoreLimits limits);

    /** False for a handler that ignores interruption: the worker abandons it, and it may still run after. */
    default boolean respectsInterrupts() {
        return true;
    }

    /** Whether this is the well-behaved kind, whose outcome must never wait behind another's. */
    default boolean wellBehaved() {
        return false;
    }

    static Behaviour draw(Random random, HostileText texts, Duration maxExecutionTime) {
        int dice = random.nextInt(100);
        if (dice < 20) {
            return new Succeed("ok-" + random.nextInt(1000), random.nextInt(30), true);
        }
        if (dice < 32) {
            return new Succeed(texts.any(), random.nextInt(30), false);
        }
        if (dice < 35) {
            return new LeaveInterrupted();
        }
        if (dice < 45) {
            return new Fail(texts.any());
        }
        if (dice < 57) {
            return new Retry(retryDelay(random), texts.any());
        }
        if (dice < 72) {
            return new Throw(Failures.values()[random.nextInt(Failures.values().length)], texts.any());
        }
        if (dice < 77) {
            return new ReturnNull();
        }
        if (dice < 87) {
            return new Progress(random.nextInt(140) - 20, texts.any());
        }
        if (dice < 94) {
            return new Polite(maxExecutionTime.multipliedBy(3));
        }
        return new Stubborn(maxExecutionTime.multipliedBy(5));
    }

    /** Short ones come back within the run; the others are far beyond it, past the calendar included. */
    private static Duration retryDelay(Random random) {
        return switch (random.nextInt(6)) {
            case 0 -> Duration.ZERO;
            case 1 -> Duration.ofMillis(random.nextInt(100));
            case 2 -> Duration.ofDays(365L * (1 + random.nextInt(50)));
            case 3 -> Duration.ofDays(365L * 20_000);
            case 4 -> ChronoUnit.FOREVER.getDuration();
            default -> Duration.ofMillis(-1 - random.nextInt(1000));   // refused by TaskResult: the handler throws
        };
    }

    /** A success, after a short pause; the well-behaved kind returns a short artifact id. */
    record Succeed(String artifactId, long pauseMillis, boolean wellBehaved) implements Behaviour {
        public TaskResult perform(TaskContext context) throws InterruptedException {
            Thread.sleep(pauseMillis);
            return TaskResult.success(artifactId);
        }

        public String kind() {
            return wellBehaved ? "good" : "succeed";
        }

        public String check(TaskView task, StoreLimits limits) {
            return expect(task, "SUCCESS", "artifact_id", task.artifactId(), limits.fit(artifactId, limits.artifactIdLength()));
        }
    }

    /** Returns with its thread's interrupt flag set: the next task on that thread must not see it. */
    record LeaveInterrupted() implements Behaviour {
        public TaskResult perform(TaskContext context) {
            if (Thread.currentThread().isInterrupted()) {
                return TaskResult.fail("started interrupted");
            }
            Thread.currentThread().interrupt();
            return TaskResult.success("left interrupted");
        }

        public String kind() {
            return "leaves-interrupted";
        }

        public String check(TaskView task, StoreLimits limits) {
            return expect(task, "SUCCESS", "artifact_id", task.artifactId(), "left interrupted");
        }
    }

    record Fail(String reason) implements Behaviour {
        public TaskResult perform(TaskContext context) {
            return TaskResult.fail(reason);
        }

        public String kind() {
            return "fail";
        }

        public String check(TaskView task, StoreLimits limits) {
            return expect(task, "FAILED", "last_error", task.lastError(), limits.fit(reason, limits.errorLength()));
        }
    }

    record Retry(Duration delay, String reason) implements Behaviour {
        public TaskResult perform(TaskContext context) {
            return TaskResult.retryAfter(delay, reason);   // throws for a negative delay
        }

        public String kind() {
            return delay.isNegative() ? "retry-negative" : "retry";
        }

        public String check(TaskView task, StoreLimits limits) {
            if (delay.isNegative()) {
                return expectFailedBy(task, IllegalArgumentException.class.getName());
            }
            String status = delay.compareTo(Duration.ofDays(1)) > 0 && task.maxAttempts() > 1 ? "QUEUED" : "FAILED";
            return expect(task, status, "last_error", task.lastError(), limits.fit(reason, limits.errorLength()));
        }
    }

    record Throw(Failures failure, String message) implements Behaviour {
        public TaskResult perform(TaskContext context) throws Exception {
            Throwable thrown = failure.create(message);
            if (thrown instanceof Exception exception) {
                throw exception;
            }
            throw (Error) thrown;
        }

        public String kind() {
            return "throw-" + failure.name().toLowerCase();
        }

        public String check(TaskView task, StoreLimits limits) {
            return expectFailedBy(task, failure.className());
        }
    }

    record ReturnNull() implements Behaviour {
        public TaskResult perform(TaskContext context) {
            return null;
        }

        public String kind() {
            return "null";
        }

        public String check(TaskView task, StoreLimits limits) {
            return expect(task, "FAILED", "last_error", task.lastError(), "handler returned no result");
        }
    }

    /** Reports progress (an invalid percent is refused and ignored), waits for a heartbeat to carry it, succeeds. */
    record Progress(int percent, String message) implements Behaviour {
        public TaskResult perform(TaskContext context) throws InterruptedException {
            try {
                context.reportProgress(percent, message);
            } catch (IllegalArgumentException refused) {
                // a percent outside 0..100: the handler learns it at once
            }
            Thread.sleep(GeneratedEngineTest.HEARTBEAT.toMillis() * 3 / 2);
            return TaskResult.success();
        }

        public String kind() {
            return "progress";
        }

        public String check(TaskView task, StoreLimits limits) {
            String stored = task.progressMessage();
            boolean valid = percent >= 0 && percent <= 100;
            String expected = valid ? limits.fit(message, limits.progressMessageLength()) : null;
            if (!"SUCCESS".equals(task.status().name())) {
                return "ended " + task.status() + " (" + task.lastError() + ")";
            }
            return Objects.equals(stored, expected) || stored == null ? null
                    : "progress_message " + describe(stored) + ", expected " + describe(expected);
        }
    }

    /** Runs past max-execution-time, and stops when interrupted. */
    record Polite(Duration runFor) implements Behaviour {
        public TaskResult perform(TaskContext context) throws InterruptedException {
            Thread.sleep(runFor.toMillis());
            return TaskResult.success("too late");
        }

        public String kind() {
            return "past-max-execution";
        }

        public String check(TaskView task, StoreLimits limits) {
            return expectTimedOut(task);
        }
    }

    /** Runs past max-execution-time and ignores every interrupt until its time is up. */
    record Stubborn(Duration runFor) implements Behaviour {
        public TaskResult perform(TaskContext context) {
            long until = System.nanoTime() + runFor.toNanos();
            while (System.nanoTime() - until < 0) {
                try {
                    Thread.sleep(10);
                } catch (InterruptedException ignored) {
                    // the misbehaviour under test
                }
            }
            return TaskResult.success("too late");
        }

        public String kind() {
            return "ignores-interrupts";
        }

        public boolean respectsInterrupts() {
            return false;
        }

        public String check(TaskView task, StoreLimits limits) {
            return expectTimedOut(task);
        }
    }

    private static String expect(TaskView task, String status, String column, String stored, String expected) {
        if (!status.equals(task.status().name())) {
            return "ended " + task.status() + ", expected " + status + " (last_error " + describe(task.lastError()) + ")";
        }
        return Objects.equals(stored, expected) ? null
                : column + " " + describe(stored) + ", expected " + describe(expected);
    }

    private static String expectFailedBy(TaskView task, String className) {
        if (task.status().name().equals("FAILED") && task.lastError() != null && task.lastError().contains(className)) {
            return null;
        }
        return "ended " + task.status() + " with last_error " + describe(task.lastError()) + ", expected FAILED naming "
                + className;
    }

    private static String expectTimedOut(TaskView task) {
        if (task.status().name().equals("FAILED") && task.lastError() != null
                && task.lastError().startsWith("timed out after max-execution-time")) {
            return null;
        }
        return "ended " + task.status() + " with last_error " + describe(task.lastError()) + ", expected a timeout";
    }

    private static String describe(String text) {
        if (text == null) {
            return "null";
        }
        String head = text.length() > 40 ? text.substring(0, 40) + "..." : text;
        return "'" + head.replace("\n", "\\n") + "' (" + text.length() + " units)";
    }

    /** Exceptions and errors a handler may throw, the awkward ones included. */
    enum Failures {
        CHECKED, UNCHECKED, NULL_MESSAGE, ASSERTION, OUT_OF_MEMORY, STACK_OVERFLOW, MUTE, UNPRINTABLE, CYCLIC_CAUSE;

        Throwable create(String message) {
            return switch (this) {
                case CHECKED -> new Exception(message);
                case UNCHECKED -> new IllegalStateException(message);
                case NULL_MESSAGE -> new NullPointerException();
                case ASSERTION -> new AssertionError(message);
                case OUT_OF_MEMORY -> new OutOfMemoryError(message);
                case STACK_OVERFLOW -> new StackOverflowError(message);
                case MUTE -> new MuteException();
                case UNPRINTABLE -> new UnprintableException(message);
                case CYCLIC_CAUSE -> cyclic(message);
            };
        }

        String className() {
            return create("x").getClass().getName();
        }

        private static Throwable cyclic(String message) {
            IllegalStateException first = new IllegalStateException(message);
            IllegalArgumentException second = new IllegalArgumentException("caused by the first", first);
            first.initCause(second);
            return first;
        }
    }

    /** Its message cannot be read: getMessage, and so toString and printStackTrace, throw. */
    final class MuteException extends RuntimeException {
        @Override
        public String getMessage() {
            throw new IllegalStateException("no message");
        }
    }

    /** Its message reads fine, but toString throws. */
    final class UnprintableException extends RuntimeException {
        UnprintableException(String message) {
            super(message);
        }

        @Override
        public String toString() {
            throw new UnsupportedOperationException("no string");
        }
    }
}
