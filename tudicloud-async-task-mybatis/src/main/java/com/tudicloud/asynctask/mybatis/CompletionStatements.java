package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.CompletionReport;
import com.tudicloud.asynctask.api.spi.FinishedBatch;
import com.tudicloud.asynctask.api.spi.StoreLimits;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Writes a group of outcomes: one statement, at READ COMMITTED, and one SELECT more only when some write
 * was refused for a lost lease. When the group records task events, the statement and the events' INSERT
 * run in one READ COMMITTED transaction, so that no outcome lands without its event. A group the database
 * refuses for one of its values (a text longer than its column, say) is written in halves, and so on down
 * to the row it cannot store, which ends FAILED with the reason: one bad row never holds the others'
 * outcomes back. The children a success carries are inserted in the same transaction, for the parents written
 * only (a refused parent lost its lease). A group with a task that tasks waited for at its claim runs in a
 * transaction that counts down the dependents of every task it ended; any other group is written only for tasks
 * that still have no dependents, and a task refused because a dependent was submitted since its claim is written
 * again as one with dependents. A failure that may pass (a lock
 * conflict, a lost connection) is thrown, and the whole group is written again later.
 */
final class CompletionStatements {

    private static final Logger log = LoggerFactory.getLogger(CompletionStatements.class);
    private static final String UNSTORABLE = "its outcome could not be stored: ";

    private final SystemAsyncTaskMapper mapper;
    private final TransactionTemplate readCommittedTransaction;
    private final ReadCommittedStatements readCommitted;
    private final TransientLockRetry retry;
    private final Supplier<StoreLimits> limits;
    private final TaskEventLog events;
    private final TaskEnds ends;
    private final TaskInserts inserts;

    CompletionStatements(SystemAsyncTaskMapper mapper, TransactionTemplate readCommittedTransaction,
                         ReadCommittedStatements readCommitted, TransientLockRetry retry, Supplier<StoreLimits> limits,
                         TaskEventLog events, TaskEnds ends, TaskInserts inserts) {
        this.mapper = mapper;
        this.readCommittedTransaction = readCommittedTransaction;
        this.readCommitted = readCommitted;
        this.retry = retry;
        this.limits = limits;
        this.events = events;
        this.ends = ends;
        this.inserts = inserts;
    }

    CompletionReport write(String workerId, List<Completion> completions) {
        CompletionGroup group = new CompletionGroup(completions);
        try {
            GroupWrite write = retry.call("complete", () -> atReadCommitted(group, () -> writeGroup(workerId, completions, group)));
            return write.gainedDependents().isEmpty() ? write.report()
                    : merge(write.report(), write(workerId, write.gainedDependents()));
        } catch (DataAccessException e) {
            if (!DatabaseFailures.isRefusal(e)) {
                throw e;
            }
            if (completions.size() == 1) {
                return writeUnstorable(workerId, completions.get(0), e);
            }
            log.warn("The database refused a group of {} outcomes; writing it in halves to find the value it cannot "
                    + "store: {}", completions.size(), DatabaseFailures.describe(e));
            int half = completions.size() / 2;
            return merge(write(workerId, completions.subList(0, half)),
                    write(workerId, completions.subList(half, completions.size())));
        }
    }

    /**
     * In a transaction when the group's events are to be written with it, when it ends children of a batch
     * (the batch's end is written with them), or when it carries children of running tasks (inserted with it);
     * else as a single statement.
     */
    private <T> T atReadCommitted(CompletionGroup group, Supplier<T> statements) {
        return events.recordsAny(group) || group.hasBatchChildren() || group.hasChildren() || group.hasDependents()
                ? readCommittedTransaction.execute(status -> statements.get())
                : readCommitted.run(statements);
    }

    private GroupWrite writeGroup(String workerId, List<Completion> completions, CompletionGroup group) {
        int written = group.allSucceeded()
                ? mapper.markSucceeded(workerId, completions, group.anyArtifact(), group.getReported(), group.isNoDependents())
                : mapper.markCompleted(workerId, completions, group);
        Set<Long> notWritten = written == completions.size() ? Set.of() : refused(workerId, completions);
        TaskEnds.Effects effects = TaskEnds.Effects.NONE;
        if (written > 0) {
            insertChildrenOfWritten(group, notWritten);
            events.completed(workerId, completions, group);
            effects = group.hasDependents()
                    ? ends.ended(writtenIds(completions, notWritten), group.getBatchIds())
                    : new TaskEnds.Effects(ends.endBatches(group.getBatchIds()), 0);
        }
        List<Completion> gainedDependents = gainedDependents(workerId, completions, group, notWritten);
        Set<Long> refused = new HashSet<>(notWritten);
        gainedDependents.forEach(completion -> refused.remove(completion.taskId()));
        return new GroupWrite(new CompletionReport(written, refused, Set.of(), effects.finishedBatches(), effects.madeDue()),
                gainedDependents);
    }

    /**
     * Among the tasks not written: those still held, left only because a dependent was submitted since their
     * claim. They are written again, with their dependents counted down.
     */
    private List<Completion> gainedDependents(String workerId, List<Completion> completions, CompletionGroup group,
                                              Set<Long> notWritten) {
        if (notWritten.isEmpty() || group.hasDependents()) {
            return List.of();
        }
        List<Completion> candidates = completions.stream().filter(c -> notWritten.contains(c.taskId())).toList();
        Set<Long> held = mapper.selectHeldWithDependents(workerId, candidates);
        return candidates.stream().filter(c -> held.contains(c.taskId())).map(c -> c.withDependents(true)).toList();
    }

    private static List<Long> writtenIds(List<Completion> completions, Set<Long> refused) {
        return completions.stream().map(Completion::taskId).filter(id -> !refused.contains(id)).toList();
    }

    /** A group's write, and the outcomes to write again as outcomes of tasks with dependents. */
    private record GroupWrite(CompletionReport report, List<Completion> gainedDependents) {
    }

    /**
     * The children of the parents whose outcome this transaction wrote: a refused parent lost its lease, and
     * the execution that holds it now submits children of its own.
     */
    private void insertChildrenOfWritten(CompletionGroup group, Set<Long> refused) {
        List<Completion> written = group.getParents().stream().filter(parent -> !refused.contains(parent.taskId())).toList();
        if (!written.isEmpty()) {
            inserts.insertChildrenOf(written);
        }
    }

    /** The rows a write left alone: a written row keeps this holder and token and has no lease left. */
    private Set<Long> refused(String workerId, List<Completion> completions) {
        Set<Long> landed = mapper.selectWrittenCompletions(workerId, completions);
        Set<Long> refused = new HashSet<>();
        completions.forEach(c -> {
            if (!landed.contains(c.taskId())) {
                refused.add(c.taskId());
            }
        });
        return refused;
    }

    private CompletionReport writeUnstorable(String workerId, Completion completion, DataAccessException refusal) {
        StoreLimits fit = limits.get();
        String reason = fit.fit(UNSTORABLE + DatabaseFailures.describe(refusal), fit.errorLength());
        log.error("Task {}: the database would not store its outcome {}; writing it FAILED instead: {}",
                completion.taskId(), completion.outcome(), reason);
        List<Completion> one = List.of(completion);
        CompletionGroup failed = new CompletionGroup(List.of(Completion.failed(completion.taskId(), completion.leaseToken(),
                reason).inBatch(completion.batchId()).withDependents(true)));
        try {
            CompletionReport written = retry.call("complete", () -> atReadCommitted(failed, () -> {
                int landed = mapper.markUnstorable(workerId, one, reason);
                if (landed == 0) {
                    return new CompletionReport(0, Set.of());
                }
                events.completed(workerId, one, failed);
                // markUnstorable is not fenced against dependents: this write looks for them, in its transaction
                TaskEnds.Effects effects = ends.ended(List.of(completion.taskId()), failed.getBatchIds());
                return new CompletionReport(1, Set.of(), Set.of(completion.taskId()), effects.finishedBatches(),
                        effects.madeDue());
            }));
            return written.written() == 1 ? written : new CompletionReport(0, refused(workerId, one));
        } catch (DataAccessException e) {
            if (!DatabaseFailures.isRefusal(e)) {
                throw e;
            }
            log.error("Task {}: not even its failure could be stored; its lease will expire and recovery will take "
                    + "it: {}", completion.taskId(), DatabaseFailures.describe(e));
            return new CompletionReport(0, Set.of(), Set.of(completion.taskId()));
        }
    }

    private static CompletionReport merge(CompletionReport first, CompletionReport second) {
        Set<Long> rejected = new HashSet<>(first.rejected());
        rejected.addAll(second.rejected());
        Set<Long> unstorable = new HashSet<>(first.unstorable());
        unstorable.addAll(second.unstorable());
        List<FinishedBatch> finished = new ArrayList<>(first.finishedBatches());
        finished.addAll(second.finishedBatches());
        return new CompletionReport(first.written() + second.written(), rejected, unstorable, finished,
                first.madeDue() + second.madeDue());
    }
}
