package com.tudicloud.asynctask.mybatis;

import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.Supplier;

/**
 * Runs statements that need no transaction of their own (a renewal, a group of outcomes, a retention
 * DELETE) at READ COMMITTED, whatever the pool's isolation, without a transaction's round trips. At
 * REPEATABLE READ (MySQL's default) a DELETE over a range locks the gaps between its rows, and a
 * statement that waits for one row keeps the rows it read but did not change locked meanwhile, holding
 * up other workers' writes to them.
 *
 * <p>A pool that is at READ COMMITTED already (as recommended) costs nothing: its isolation is asked
 * once. On any other, the statements run on one connection after
 * {@code SET TRANSACTION ISOLATION LEVEL READ COMMITTED}, which holds for the next transaction only:
 * the first statement, alone in its transaction.
 */
final class ReadCommittedStatements {

    private final DataSource dataSource;
    private final SystemAsyncTaskMapper mapper;
    /** No transaction: only the same connection for the statements of one call. */
    private final TransactionTemplate sameConnection;
    private volatile Boolean poolReadsCommitted;

    ReadCommittedStatements(DataSource dataSource, PlatformTransactionManager transactions, SystemAsyncTaskMapper mapper) {
        this.dataSource = dataSource;
        this.mapper = mapper;
        this.sameConnection = new TransactionTemplate(transactions);
        sameConnection.setPropagationBehavior(TransactionDefinition.PROPAGATION_SUPPORTS);
    }

    /** @param statements the first of which runs at READ COMMITTED; inside a caller's transaction, at its isolation */
    <T> T run(Supplier<T> statements) {
        if (Boolean.TRUE.equals(poolReadsCommitted) || TransactionSynchronizationManager.isActualTransactionActive()) {
            return statements.get();
        }
        return sameConnection.execute(status -> {
            if (poolReadsCommitted == null) {
                poolReadsCommitted = isolationOfThisConnection() <= Connection.TRANSACTION_READ_COMMITTED;
            }
            if (!poolReadsCommitted) {
                mapper.readCommittedForNextTransaction();
            }
            return statements.get();
        });
    }

    private int isolationOfThisConnection() {
        Connection connection = DataSourceUtils.getConnection(dataSource);
        try {
            return connection.getTransactionIsolation();
        } catch (SQLException e) {
            throw new IllegalStateException("could not read the connection's isolation level", e);
        } finally {
            DataSourceUtils.releaseConnection(connection, dataSource);
        }
    }
}
