package com.tudicloud.asynctask.benchmark.db;

import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;

/** The database server's version and the settings that decide its commit cost. */
public final class ServerInfo {

    private ServerInfo() {
    }

    public static String describe(DataSource dataSource) {
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        return "server=" + jdbc.queryForObject("SELECT VERSION()", String.class)
                + " innodb_flush_log_at_trx_commit=" + variable(jdbc, "innodb_flush_log_at_trx_commit")
                + " innodb_buffer_pool_mb=" + Long.parseLong(variable(jdbc, "innodb_buffer_pool_size")) / (1024 * 1024)
                + " sync_binlog=" + variable(jdbc, "sync_binlog") + " log_bin=" + variable(jdbc, "log_bin");
    }

    private static String variable(JdbcTemplate jdbc, String name) {
        return jdbc.queryForObject("SHOW GLOBAL VARIABLES LIKE '" + name + "'", (rs, n) -> rs.getString(2));
    }
}
