package com.tudicloud.asynctask.testing;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * An append-only record of handler executions with no key of its own: every handler entry adds an entry,
 * whatever the task, so a task run twice shows twice. Each entry holds the instants its handler started and
 * finished; the checks read them as intervals, not samples, so that a limit exceeded for a moment between two
 * looks still shows. Instants are on one clock per log (the JVM's monotonic clock by default, or the
 * database's for executions in several processes); an interval recorded inside the real one can only hide an
 * overlap, never invent one.
 */
public final class ExecutionLog {

    /** Where an execution finishes that has not finished yet: after every instant of the log. */
    static final long RUNNING = Long.MAX_VALUE;

    private final Queue<Entry> entries = new ConcurrentLinkedQueue<>();
    private final LongSupplier clock;

    public ExecutionLog() {
        this(System::nanoTime);
    }

    ExecutionLog(LongSupplier clock) {
        this.clock = clock;
    }

    /** One execution of one task's handler. */
    public static final class Entry {
        private final long taskId;
        private final String taskType;
        private final String worker;
        private final long started;
        private volatile long finished;

        Entry(long taskId, String taskType, String worker, long started, long finished) {
            this.taskId = taskId;
            this.taskType = taskType;
            this.worker = worker;
            this.started = started;
            this.finished = finished;
        }

        public long taskId() {
            return taskId;
        }

        public String taskType() {
            return taskType;
        }

        public String worker() {
            return worker;
        }

        /** Marks the handler's return (or throw). */
        void finishAt(long instant) {
            finished = instant;
        }

        boolean isRunningAt(long instant) {
            return started <= instant && instant < finished;
        }

        @Override
        public String toString() {
            return "task " + taskId + " (" + taskType + ") on " + worker + " [" + started + ", "
                    + (finished == RUNNING ? "running" : finished) + ")";
        }
    }

    /** Handler entry: appends an execution that runs until {@link #finished}. */
    public Entry started(long taskId, String taskType, String worker) {
        Entry entry = new Entry(taskId, taskType, worker, clock.getAsLong(), RUNNING);
        entries.add(entry);
        return entry;
    }

    public void finished(Entry entry) {
        entry.finishAt(clock.getAsLong());
    }

    /** An execution recorded elsewhere (another process, a table), with its instants on this log's clock. */
    public void add(long taskId, String taskType, String worker, long started, Long finished) {
        entries.add(new Entry(taskId, taskType, worker, started, finished == null ? RUNNING : finished));
    }

    public List<Entry> entries() {
        return List.copyOf(entries);
    }

    public int size() {
        return entries.size();
    }

    /** Executions per task id. */
    public Map<Long, Integer> perTask() {
        Map<Long, Integer> counts = new HashMap<>();
        entries.forEach(entry -> counts.merge(entry.taskId(), 1, Integer::sum));
        return counts;
    }

    /** The tasks of {@code tasks} that did not run exactly once, with their execution counts, and tasks run that are not among them. */
    public Map<Long, Integer> notRunExactlyOnce(Collection<Long> tasks) {
        Map<Long, Integer> counts = perTask();
        Map<Long, Integer> wrong = new TreeMap<>();
        tasks.forEach(task -> {
            int runs = counts.getOrDefault(task, 0);
            if (runs != 1) {
                wrong.put(task, runs);
            }
        });
        counts.forEach((task, runs) -> {
            if (!tasks.contains(task)) {
                wrong.put(task, runs);
            }
        });
        return wrong;
    }

    /**
     * The tasks that ran more often than {@code allowed} says, e.g. than they were claimed (a task it does not
     * name may not run at all), with both numbers.
     */
    public Map<Long, String> runMoreOftenThan(Map<Long, ? extends Number> allowed) {
        Map<Long, String> over = new TreeMap<>();
        perTask().forEach((task, runs) -> {
            long most = allowed.containsKey(task) ? allowed.get(task).longValue() : 0;
            if (runs > most) {
                over.put(task, "ran " + runs + ", allowed " + most);
            }
        });
        return over;
    }

    /** The most executions of {@code which} that ran at one instant. */
    public int maxAtOnce(Predicate<Entry> which) {
        return sweep(which, Integer.MAX_VALUE).peak();
    }

    /**
     * The first instant at which more than {@code limit} executions of {@code which} ran, and which they
     * were; empty if there is none.
     */
    public List<String> overshoots(int limit, Predicate<Entry> which) {
        Sweep sweep = sweep(which, limit);
        if (sweep.firstOver() == null) {
            return List.of();
        }
        long at = sweep.firstOver();
        List<String> found = new ArrayList<>();
        found.add("at " + at + ", " + sweep.countAtFirstOver() + " ran at once (limit " + limit + "):");
        entries.stream().filter(which).filter(entry -> entry.isRunningAt(at)).map(Entry::toString).forEach(found::add);
        return found;
    }

    /** Pairs of executions of one task whose intervals overlap. */
    public List<String> overlappingRunsOfOneTask() {
        Map<Long, List<Entry>> byTask = new HashMap<>();
        entries.forEach(entry -> byTask.computeIfAbsent(entry.taskId(), id -> new ArrayList<>()).add(entry));
        List<String> found = new ArrayList<>();
        byTask.values().forEach(runs -> {
            runs.sort(Comparator.comparingLong(entry -> entry.started));
            for (int i = 1; i < runs.size(); i++) {
                if (runs.get(i).started < runs.get(i - 1).finished) {
                    found.add(runs.get(i - 1) + " and " + runs.get(i));
                }
            }
        });
        return found;
    }

    private record Sweep(int peak, Long firstOver, int countAtFirstOver) {
    }

    /** Walks starts and finishes in time order; at one instant, finishes come first (the slot was free again). */
    private Sweep sweep(Predicate<Entry> which, int limit) {
        List<long[]> events = new ArrayList<>();
        for (Entry entry : entries) {
            if (which.test(entry)) {
                events.add(new long[] {entry.started, +1});
                if (entry.finished != RUNNING) {
                    events.add(new long[] {entry.finished, -1});
                }
            }
        }
        events.sort(Comparator.<long[]>comparingLong(event -> event[0]).thenComparingLong(event -> event[1]));
        int running = 0;
        int peak = 0;
        for (long[] event : events) {
            running += (int) event[1];
            peak = Math.max(peak, running);
            if (running > limit) {
                return new Sweep(peak, event[0], running);
            }
        }
        return new Sweep(peak, null, 0);
    }

    public static Predicate<Entry> all() {
        return entry -> true;
    }

    public static Predicate<Entry> ofType(String taskType) {
        return entry -> entry.taskType().equals(taskType);
    }
}
