package com.tudicloud.asynctask.admin.demo;

import com.tudicloud.asynctask.testing.SchemaScripts;

import javax.sql.DataSource;

/** The admin application's changelog (async-task's schema and the demo table), applied as the application does. */
final class AdminChangelog {

    static final String PATH = "db/admin/changelog-master.xml";

    private AdminChangelog() {
    }

    static void apply(DataSource dataSource) {
        SchemaScripts.applyChangelog(dataSource, PATH);
    }
}
