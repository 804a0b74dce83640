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
 * UNCOMMITTED, where the holder's own write is the newest version, and ends the holder's connection only if the
 * hold is overdue and the server lists the connection as idle for at least as long: a holder that is working, or
 * that committed meanwhile (the row then names a connection just used), is left alone. MySQL and MariaDB let a
 * user end its own connections; the connections of another user are not in its process list, so a fleet of
 * workers under different users only waits.
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
        ClaimRowHolder holder = readUncommitted.execute(status -> locks.selectClaimRowHolder());
        OptionalLong connection = holder == null ? OptionalLong.empty() : holder.connectionId();
        if (connection.isEmpty() || !holder.overdue()
                || !locks.isIdleConnection(connection.getAsLong(), OVERDUE.toSeconds())) {
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
}
