package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.TaskEventMode;
import com.zaxxer.hikari.HikariDataSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.HashMap;
import java.util.Map;

/**
 * Claims measured on a table that every claim meets as it was: each runs in a READ COMMITTED transaction the
 * test holds on a one-connection pool, which then rolls back; the server's counters of that one session tell
 * what the claim read.
 */
final class RolledBackClaims {

    interface InTransaction<T> {
        T run(LeaseStore store, JdbcTemplate jdbc) throws Exception;
    }

    private RolledBackClaims() {
    }

    /** Runs {@code work} in a READ COMMITTED transaction on a one-connection pool, then rolls it back. */
    static <T> T inOpenTransaction(HikariDataSource onePool, InTransaction<T> work) {
        LeaseStore store = MyBatisStores.create(onePool, TaskEventMode.OFF).leaseStore();
        JdbcTemplate jdbc = new JdbcTemplate(onePool);
        TransactionTemplate transaction = new TransactionTemplate(new DataSourceTransactionManager(onePool));
        transaction.setIsolationLevel(TransactionDefinition.ISOLATION_READ_COMMITTED);
        return transaction.execute(status -> {
            try {
                return work.run(store, jdbc);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            } finally {
                status.setRollbackOnly();
            }
        });
    }

    /** The session's Handler_read% counters. */
    static Map<String, Long> handlerReads(JdbcTemplate jdbc) {
        return jdbc.query("SHOW SESSION STATUS LIKE 'Handler_read%'", rs -> {
            Map<String, Long> counters = new HashMap<>();
            while (rs.next()) {
                counters.put(rs.getString(1), rs.getLong(2));
            }
            return counters;
        });
    }
}
