package com.tudicloud.asynctask.admin.api.hostile;

import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;

/** A checksum of every row and column of the task table, to show that a rejected request changed nothing. */
final class TableDigest {

    private final JdbcTemplate jdbc;

    TableDigest(DataSource dataSource) {
        this.jdbc = new JdbcTemplate(dataSource);
    }

    String now() {
        return String.valueOf(jdbc.queryForMap("CHECKSUM TABLE system_async_task").get("Checksum"));
    }
}
