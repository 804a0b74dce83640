package com.tudicloud.asynctask.admin.faults;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import javax.sql.DataSource;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Who holds the {@code claim} lock row now. A limited claim writes "connection-id worker-id" and an instant into the
 * row it locks, uncommitted until its transaction ends: so a worker holds the row when the row's newest version
 * (read at READ UNCOMMITTED) names it and differs from the committed one.
 */
final class ClaimRowHolder {

    private static final String READ = "SELECT locked_by, locked_until FROM system_async_task_lock WHERE name = 'claim'";

    private final JdbcTemplate jdbc;
    private final TransactionTemplate readUncommitted;

    ClaimRowHolder(DataSource dataSource) {
        this.jdbc = new JdbcTemplate(dataSource);
        this.readUncommitted = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        readUncommitted.setIsolationLevel(TransactionDefinition.ISOLATION_READ_UNCOMMITTED);
    }

    /** The connection through which the worker holds the claim row, or empty when it does not hold it. */
    OptionalLong connectionOf(String workerId) {
        Map<String, Object> newest = readUncommitted.execute(status -> jdbc.queryForMap(READ));
        Map<String, Object> committed = jdbc.queryForMap(READ);
        String lockedBy = (String) Objects.requireNonNull(newest).get("locked_by");
        if (lockedBy == null || !lockedBy.endsWith(" " + workerId) || newest.equals(committed)) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Long.parseLong(lockedBy.substring(0, lockedBy.indexOf(' '))));
    }

    /** Whether the server still has the connection. */
    boolean isOpen(long connectionId) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID = ?", Long.class,
                connectionId) > 0;
    }
}
