package com.tudicloud.asynctask.test;

import liquibase.command.CommandScope;
import liquibase.command.core.UpdateCommandStep;
import liquibase.command.core.helpers.DbUrlConnectionArgumentsCommandStep;
import liquibase.database.Database;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;

import javax.sql.DataSource;
import java.sql.Connection;

/**
 * Liquibase's update of a changelog from the class path, as a service's migration runs it. A class of its own
 * so that the kit loads without Liquibase, which only a database without the schema needs.
 */
final class LiquibaseChangelog {

    private LiquibaseChangelog() {
    }

    static void apply(DataSource dataSource, String changelog) {
        try (Connection connection = dataSource.getConnection()) {
            Database database = DatabaseFactory.getInstance()
                    .findCorrectDatabaseImplementation(new JdbcConnection(connection));
            new CommandScope(UpdateCommandStep.COMMAND_NAME)
                    .addArgumentValue(DbUrlConnectionArgumentsCommandStep.DATABASE_ARG, database)
                    .addArgumentValue(UpdateCommandStep.CHANGELOG_FILE_ARG, changelog)
                    .execute();
        } catch (Exception e) {
            throw new IllegalStateException("TaskTestKit could not apply " + changelog, e);
        }
    }
}
