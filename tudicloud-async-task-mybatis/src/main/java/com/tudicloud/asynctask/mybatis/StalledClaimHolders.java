package com.tudicloud.asynctask.mybatis;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Duration;
import java.util.OptionalLong;

/**
 * Ends the database connection of a claim that holds the claim row and has sent no statement for longer than a
 * claim ever needs. A process stopped inside a limited claim (SIGSTOP, a paused VM, a network that drops its
 * packets) keeps its transaction open, and with it the row that every limited claim of the fleet locks first; the
 * server ends that transaction only when the connection closes, which for a stopped process it never does on its
 * own. Ending the connection rolls the claim back: it had committed nothing, so nothing is lost, and when the
 * process runs again its next statement fails and its worker claims afresh.
 *
 * <p>Each limited claim writes its connection's id and the instant its hold becomes {@linkplain #OVERDUE overdue}
 * into the row it locks, and waits at most that long for the row. A claim whose wait ran out reads the row at READ
 * UNCOMMITTED, where a holder's own write is the newest version, and ends the connection it names only if that
 * version is not the committed one (a claim holds the row now, not one that ended: the committed version names a
 * connection that may serve anyone since), the hold is overdue, the server lists the connection, one of this
 * user's, as waiting for a command for as long, and the row still names the same hold just before the end. A
 * holder that is working, that committed meanwhile, or a transaction that holds the row without writing it is
 * left alone. MySQL and MariaDB let a user end its own connections only, so workers under different users only
 * wait for a stopped holder. A holder that is only slow, holding the row for 2 s between two of its statements,
 * is ended too; its claim rolls back and it claims again.
 */
final class StalledClaimHolders {

    /** Longer than a limited claim holds the claim row on a loaded server; the lock statement's timeout matches it. */
    static final Duration OVERDUE = Duration.ofSeconds(2);

    private static final Logger log = LoggerFactory.getLogger(StalledClaimHolders.class);

    private final SystemAsyncTaskLockMapper locks;
    private final TransactionTemplate readUncommitted;

    StalledClaimHolders(SystemAsyncTaskLockMapper locks, TransactionTemplate transactions) {
        this.locks = locks;
        this.readUncommitted = new TransactionTemplate(transactions.getTransactionManager());
        readUncommitted.setIsolationLevel(TransactionDefinition.ISOLATION_READ_UNCOMMITTED);
    }

    /** Ends the claim row holder's connection if it stalled; says whether it did. */
    boolean endStalledHolder(String waitingWorker) {
        ClaimRowHolder holder = uncommittedHolder();
        OptionalLong connection = holder == null ? OptionalLong.empty() : holder.connectionId();
        // the committed version names a claim that ended (or none): the row is free, or held by a transaction
        // that wrote nothing into it, and the connection it names is no holder
        if (connection.isEmpty() || !holder.overdue() || holder.sameHoldAs(locks.selectClaimRowHolder())
                || !locks.isIdleConnection(connection.getAsLong(), OVERDUE.toSeconds())
                || !holder.sameHoldAs(uncommittedHolder())) {
            return false;
        }
        try {
            locks.endConnection(connection.getAsLong());
        } catch (DataAccessException e) {
            // it closed meanwhile, or it is another user's: either way this claim can only wait
            log.warn("Worker {} could not end database connection {} of worker {}, which holds the claim row: {}",
                    waitingWorker, connection.getAsLong(), holder.workerId(), e.getMostSpecificCause().getMessage());
            return false;
        }
        log.warn("Worker {} ended database connection {} of worker {}: it held the claim row for over {} s without a "
                        + "statement (a stopped or cut-off process); its claim is rolled back and the fleet's limited "
                        + "claims go on", waitingWorker, connection.getAsLong(), holder.workerId(), OVERDUE.toSeconds());
        return true;
    }

    private ClaimRowHolder uncommittedHolder() {
        return readUncommitted.execute(status -> locks.selectClaimRowHolder());
    }
}
