package com.tudicloud.asynctask.benchmark.db;

import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.util.HashMap;
import java.util.Map;

/**
 * The server's InnoDB row lock waits since it started: how many times a statement waited for a row lock and how
 * long all those waits took. Read before and after a measurement, the difference is the waits of that measurement
 * (and of anything else the server ran meanwhile).
 */
public record RowLockWaits(long waits, long millis) {

    public static RowLockWaits read(DataSource dataSource) {
        Map<String, Long> status = new HashMap<>();
        new JdbcTemplate(dataSource).query("SHOW GLOBAL STATUS WHERE Variable_name IN "
                + "('Innodb_row_lock_waits', 'Innodb_row_lock_time')",
                row -> { status.put(row.getString(1), row.getLong(2)); });
        return new RowLockWaits(status.getOrDefault("Innodb_row_lock_waits", 0L),
                status.getOrDefault("Innodb_row_lock_time", 0L));
    }

    public RowLockWaits minus(RowLockWaits earlier) {
        return new RowLockWaits(waits - earlier.waits, millis - earlier.millis);
    }
}
