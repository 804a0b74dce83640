package com.tudicloud.asynctask.testing;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

/**
 * The embedded database the admin application's demo runs on: H2 in MySQL mode, in memory, with the
 * async-task schema applied by its Liquibase changelog. One per test JVM.
 */
public final class H2TestDatabase {

    private static HikariDataSource instance;

    private H2TestDatabase() {
    }

    public static synchronized HikariDataSource get() {
        if (instance == null) {
            HikariConfig config = new HikariConfig();
            config.setJdbcUrl("jdbc:h2:mem:async_task_test;MODE=MySQL;DEFAULT_NULL_ORDERING=HIGH;"
                    + "DB_CLOSE_DELAY=-1");
            config.setUsername("sa");
            config.setPassword("");
            config.setMaximumPoolSize(4);
            HikariDataSource dataSource = new HikariDataSource(config);
            SchemaScripts.applyChangelog(dataSource);
            instance = dataSource;
        }
        return instance;
    }
}
