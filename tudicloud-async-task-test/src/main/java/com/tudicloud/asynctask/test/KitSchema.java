package com.tudicloud.asynctask.test;

import com.tudicloud.asynctask.mybatis.SchemaCheck;

import javax.sql.DataSource;
import java.util.List;

/**
 * The async-task tables a kit needs: left alone when they exist (made by the service's own migration or by the
 * plain DDL), created by the shipped Liquibase changelog when none does and Liquibase is on the class path.
 */
final class KitSchema {

    static final String CHANGELOG = "db/async-task/changelog-master.xml";
    private static final String LIQUIBASE_CLASS = "liquibase.command.CommandScope";

    private KitSchema() {
    }

    static void ensure(DataSource dataSource, SchemaCheck check) {
        ensure(dataSource, check, liquibasePresent());
    }

    /** @throws IllegalStateException when tables are missing and cannot be created here */
    static void ensure(DataSource dataSource, SchemaCheck check, boolean liquibase) {
        List<String> missing = check.missingTables();
        if (missing.isEmpty()) {
            return;
        }
        if (!liquibase) {
            throw new IllegalStateException("The database has no " + String.join(", ", missing)
                    + ": TaskTestKit needs the async-task schema. Put org.liquibase:liquibase-core on the test class"
                    + " path, and the kit applies " + CHANGELOG + " itself, or apply that changelog (or"
                    + " sql/mysql/system_async_task.sql) before TaskTestKit.on");
        }
        LiquibaseChangelog.apply(dataSource, CHANGELOG);
        List<String> stillMissing = check.missingTables();
        if (!stillMissing.isEmpty()) {
            throw new IllegalStateException(CHANGELOG + " was applied, yet the database has no "
                    + String.join(", ", stillMissing) + ": its tables were made by another migration of the schema");
        }
    }

    private static boolean liquibasePresent() {
        try {
            Class.forName(LIQUIBASE_CLASS, false, KitSchema.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
