package com.tudicloud.asynctask.admin.demo;

import liquibase.command.CommandScope;
import liquibase.command.core.UpdateCommandStep;
import liquibase.command.core.helpers.DbUrlConnectionArgumentsCommandStep;
import liquibase.database.Database;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;

import javax.sql.DataSource;
import java.sql.Connection;

/** The admin application's changelog (async-task's schema and the demo table), applied as the application does. */
final class AdminChangelog {

    static final String PATH = "db/admin/changelog-master.xml";

    private AdminChangelog() {
    }

    static void apply(DataSource dataSource) {
        try (Connection connection = dataSource.getConnection()) {
            Database database = DatabaseFactory.getInstance()
                    .findCorrectDatabaseImplementation(new JdbcConnection(connection));
            new CommandScope(UpdateCommandStep.COMMAND_NAME)
                    .addArgumentValue(DbUrlConnectionArgumentsCommandStep.DATABASE_ARG, database)
                    .addArgumentValue(UpdateCommandStep.CHANGELOG_FILE_ARG, PATH)
                    .execute();
        } catch (Exception e) {
            throw new IllegalStateException("could not apply " + PATH, e);
        }
    }
}
