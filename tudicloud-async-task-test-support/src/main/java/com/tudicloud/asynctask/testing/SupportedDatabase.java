package com.tudicloud.asynctask.testing;

import javax.sql.DataSource;

/**
 * Every database the project supports, for tests that run on each: MySQL or MariaDB (the test server),
 * and H2 in MySQL mode (the demo's embedded database). An enum, not the pools: JUnit closes a pool passed
 * as a test argument after the test.
 */
public enum SupportedDatabase {
    MYSQL_OR_MARIADB, H2;

    public DataSource dataSource() {
        return this == H2 ? H2TestDatabase.get() : TestDatabase.get().dataSource();
    }
}
