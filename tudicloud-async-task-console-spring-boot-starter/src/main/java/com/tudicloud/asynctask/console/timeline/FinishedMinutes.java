package com.tudicloud.asynctask.console.timeline;

import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.FinishedPerMinute;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * Tasks finished per minute over the last hour, for the overview that asks every few seconds. A minute
 * that ended long enough ago cannot change any more, so it is kept here once read: each later call reads
 * only the minutes since, a few minutes' rows instead of the hour's. The count of a minute is what the
 * table held when it was read; retention and retries do not rewrite minutes read before.
 */
public class FinishedMinutes {

    /** The longest window, and how long closed minutes are kept. */
    public static final int MAX_MINUTES = 60;

    /**
     * How long after its end a minute counts as closed. A completion's finished_at is the time its
     * statement started, and the statement may wait for a lock before it commits.
     */
    static final Duration SETTLE = Duration.ofMinutes(1);

    private static final Duration MINUTE = Duration.ofMinutes(1);

    /** Tasks that ended in one minute, by outcome. */
    public record Minute(Instant start, long success, long failed, long cancelled) {

        static Minute empty(Instant start) {
            return new Minute(start, 0, 0, 0);
        }
    }

    /** The minutes asked for, oldest first, and the database's clock they end at. */
    public record Window(Instant databaseNow, List<Minute> minutes) {
    }

    private final TaskAdminStore store;
    private final LongSupplier nanoTime;
    private final NavigableMap<Instant, Minute> closed = new TreeMap<>();
    private Instant lastDatabaseNow;
    private long lastReadNanos;

    public FinishedMinutes(TaskAdminStore store) {
        this(store, System::nanoTime);
    }

    FinishedMinutes(TaskAdminStore store, LongSupplier nanoTime) {
        this.store = store;
        this.nanoTime = nanoTime;
    }

    /** The last {@code minutes} minutes (1 to {@link #MAX_MINUTES}), the current one included. */
    public synchronized Window last(int minutes) {
        if (minutes < 1 || minutes > MAX_MINUTES) {
            throw new IllegalArgumentException("minutes must be between 1 and " + MAX_MINUTES + ": " + minutes);
        }
        int toRead = minutesToRead();
        FinishedPerMinute read = store.finishedPerMinute(toRead);
        lastDatabaseNow = read.databaseNow();
        lastReadNanos = nanoTime.getAsLong();
        Instant current = read.databaseNow().truncatedTo(ChronoUnit.MINUTES);
        Map<Instant, Minute> open = remember(read, current, toRead);
        List<Minute> window = new ArrayList<>(minutes);
        for (int back = minutes - 1; back >= 0; back--) {
            Instant start = current.minus(MINUTE.multipliedBy(back));
            Minute known = closed.get(start);
            window.add(known != null ? known : open.getOrDefault(start, Minute.empty(start)));
        }
        return new Window(read.databaseNow(), window);
    }

    /**
     * All of the hour the first time; later, the minutes from the first one not closed yet to the current
     * one by the database's clock as estimated from the last read, and one more in case the estimate is
     * a minute short.
     */
    private int minutesToRead() {
        if (closed.isEmpty() || lastDatabaseNow == null) {
            return MAX_MINUTES;
        }
        Instant estimatedNow = lastDatabaseNow.plusNanos(Math.max(0, nanoTime.getAsLong() - lastReadNanos));
        Instant current = estimatedNow.truncatedTo(ChronoUnit.MINUTES);
        long open = Duration.between(closed.lastKey(), current).toMinutes();
        return (int) Math.min(MAX_MINUTES, Math.max(1, open + 1));
    }

    /** Keeps the closed minutes of what was read, forgets those older than an hour; returns the open ones. */
    private Map<Instant, Minute> remember(FinishedPerMinute read, Instant current, int minutesRead) {
        Map<Instant, Map<TaskStatus, Long>> counts = new HashMap<>();
        for (FinishedPerMinute.Count count : read.counts()) {
            counts.computeIfAbsent(count.minute(), minute -> new EnumMap<>(TaskStatus.class))
                    .merge(count.status(), count.tasks(), Long::sum);
        }
        Map<Instant, Minute> open = new HashMap<>();
        for (int back = minutesRead - 1; back >= 0; back--) {
            Instant start = current.minus(MINUTE.multipliedBy(back));
            Map<TaskStatus, Long> byStatus = counts.getOrDefault(start, Map.of());
            Minute minute = new Minute(start, byStatus.getOrDefault(TaskStatus.SUCCESS, 0L),
                    byStatus.getOrDefault(TaskStatus.FAILED, 0L), byStatus.getOrDefault(TaskStatus.CANCELLED, 0L));
            if (!start.plus(MINUTE).plus(SETTLE).isAfter(read.databaseNow())) {
                closed.put(start, minute);
            } else {
                open.put(start, minute);
            }
        }
        closed.headMap(current.minus(MINUTE.multipliedBy(MAX_MINUTES - 1))).clear();
        return open;
    }
}
