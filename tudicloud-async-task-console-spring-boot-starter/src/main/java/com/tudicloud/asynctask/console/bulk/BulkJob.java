package com.tudicloud.asynctask.console.bulk;

import com.tudicloud.asynctask.api.spi.BulkResult;
import com.tudicloud.asynctask.api.spi.IdSpan;
import com.tudicloud.asynctask.api.spi.TaskFilter;

import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One bulk retry or cancel, run in the background: it walks the task ids that existed when it began, one range
 * of {@code batchIds} ids at a time (one short statement, or one short transaction, per range), so that it can
 * report its progress after each range and stop between two when asked. Stopping leaves what it changed
 * changed: each range is whole or not begun.
 */
public final class BulkJob {

    public enum State { RUNNING, SUCCEEDED, STOPPED, FAILED }

    /** One range of ids, both ends included, as the store changes it. */
    @FunctionalInterface
    public interface RangeAction {
        BulkResult run(TaskFilter filter, long from, long to, String operator);
    }

    /** What the job has done so far. */
    public record Progress(State state, long rangesDone, long rangesTotal, long changed, long cancelRequested,
                           Instant finishedAt, String error) {
    }

    private final long id;
    private final String action;
    private final TaskFilter filter;
    private final String target;
    private final String user;
    private final String address;
    private final long matched;
    private final IdSpan span;
    private final int batchIds;
    private final Instant startedAt;
    private final Clock clock;
    private final AtomicBoolean stopRequested = new AtomicBoolean();

    private volatile Progress progress;

    BulkJob(long id, String action, TaskFilter filter, String target, String user, String address, long matched,
            IdSpan span, int batchIds, Clock clock) {
        this.id = id;
        this.action = action;
        this.filter = filter;
        this.target = target;
        this.user = user;
        this.address = address;
        this.matched = matched;
        this.span = span;
        this.batchIds = batchIds;
        this.clock = clock;
        this.startedAt = clock.instant();
        this.progress = new Progress(State.RUNNING, 0, span == null ? 0 : ranges(span, batchIds), 0, 0, null, null);
    }

    private static long ranges(IdSpan span, int batchIds) {
        return (span.high() - span.low()) / batchIds + 1;
    }

    /** Runs the job to its end, or until {@link #stop()} is asked; never throws. */
    void run(RangeAction ranges) {
        long done = 0;
        long changed = 0;
        long requested = 0;
        try {
            if (span != null) {
                for (long from = span.low(); !stopRequested.get(); from++) {
                    long to = span.high() - from < batchIds ? span.high() : from + batchIds - 1;
                    BulkResult result = ranges.run(filter, from, to, user);
                    done++;
                    changed += result.changed();
                    requested += result.requested();
                    progress = new Progress(State.RUNNING, done, progress.rangesTotal(), changed, requested, null, null);
                    if (to == span.high()) {
                        break;
                    }
                    from = to;
                }
            }
            State end = stopRequested.get() && done < progress.rangesTotal() ? State.STOPPED : State.SUCCEEDED;
            progress = new Progress(end, done, progress.rangesTotal(), changed, requested, clock.instant(), null);
        } catch (RuntimeException e) {
            progress = new Progress(State.FAILED, done, progress.rangesTotal(), changed, requested, clock.instant(),
                    e.toString());
        }
    }

    /** Asks the job to stop after the range it is in. @return whether it was still running */
    public boolean stop() {
        stopRequested.set(true);
        return progress.state() == State.RUNNING;
    }

    public long id() {
        return id;
    }

    /** bulk_retry or bulk_cancel. */
    public String action() {
        return action;
    }

    /** The filter, as the audit trail names it. */
    public String target() {
        return target;
    }

    public String user() {
        return user;
    }

    public String address() {
        return address;
    }

    /** The tasks that matched when it began, as the operator saw them counted. */
    public long matched() {
        return matched;
    }

    public Instant startedAt() {
        return startedAt;
    }

    public Progress progress() {
        return progress;
    }
}
