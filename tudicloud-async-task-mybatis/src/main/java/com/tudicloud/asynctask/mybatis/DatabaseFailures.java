package com.tudicloud.asynctask.mybatis;

import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.RecoverableDataAccessException;
import org.springframework.dao.TransientDataAccessException;

import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;

/** Tells a failure that may pass (a lock conflict, a lost connection) from one that repeats with the same values. */
final class DatabaseFailures {

    private DatabaseFailures() {
    }

    /**
     * A statement the database refused for what it said, not for the state of the connection or of
     * other transactions: run again with the same values, it fails again.
     */
    static boolean isRefusal(Throwable failure) {
        return failure instanceof DataAccessException && !isTransient(failure);
    }

    private static boolean isTransient(Throwable failure) {
        if (failure instanceof TransientDataAccessException || failure instanceof RecoverableDataAccessException
                || failure instanceof DataAccessResourceFailureException) {
            return true;
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLTransientException || cause instanceof SQLRecoverableException) {
                return true;
            }
            if (cause instanceof SQLException sql && sql.getSQLState() != null
                    && (sql.getSQLState().startsWith("08") || sql.getSQLState().startsWith("40")
                    || sql.getSQLState().startsWith("HYT"))) {
                return true;   // connection exception, transaction rollback (deadlock), timeout
            }
        }
        return false;
    }

    /** What the database said, for people: the innermost message. */
    static String describe(Throwable failure) {
        Throwable innermost = failure;
        while (innermost.getCause() != null && innermost.getCause() != innermost) {
            innermost = innermost.getCause();
        }
        String message = innermost.getMessage();
        return message == null ? innermost.getClass().getSimpleName() : message;
    }
}
