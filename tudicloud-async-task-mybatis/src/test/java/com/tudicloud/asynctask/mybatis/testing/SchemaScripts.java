package com.tudicloud.asynctask.mybatis.testing;

import liquibase.command.CommandScope;
import liquibase.command.core.UpdateCommandStep;
import liquibase.command.core.helpers.DbUrlConnectionArgumentsCommandStep;
import liquibase.database.Database;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import org.springframework.core.io.FileSystemResource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

import javax.sql.DataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;

/** The two ways the async-task schema reaches a database: the Liquibase changelog and the plain DDL. */
public final class SchemaScripts {

    /** The plain DDL for DBAs, at the repository root; tests run with the module directory as working directory. */
    public static final Path MYSQL_DDL = Path.of("..", "sql", "mysql", "system_async_task.sql");

    private SchemaScripts() {
    }

    /** Applies {@link TestDatabase#CHANGELOG} the way a service's Liquibase would. */
    public static void applyChangelog(DataSource dataSource) {
        applyChangelog(dataSource, TestDatabase.CHANGELOG);
    }

    /** Applies a changelog from the class path, e.g. an application's own that includes async-task's. */
    public static void applyChangelog(DataSource dataSource, String changelog) {
        try (Connection connection = dataSource.getConnection()) {
            Database database = DatabaseFactory.getInstance()
                    .findCorrectDatabaseImplementation(new JdbcConnection(connection));
            new CommandScope(UpdateCommandStep.COMMAND_NAME)
                    .addArgumentValue(DbUrlConnectionArgumentsCommandStep.DATABASE_ARG, database)
                    .addArgumentValue(UpdateCommandStep.CHANGELOG_FILE_ARG, changelog)
                    .execute();
        } catch (Exception e) {
            throw new IllegalStateException("could not apply " + changelog, e);
        }
    }

    /** Runs {@link #MYSQL_DDL} statement by statement, as a DBA would with the mysql client. */
    public static void applyMysqlDdl(DataSource dataSource) {
        Path ddl = MYSQL_DDL.toAbsolutePath().normalize();
        if (!Files.isRegularFile(ddl)) {
            throw new IllegalStateException("missing " + ddl + " (run the tests from the module directory)");
        }
        ResourceDatabasePopulator populator = new ResourceDatabasePopulator(new FileSystemResource(ddl));
        populator.setSqlScriptEncoding("UTF-8");
        populator.execute(dataSource);
    }
}
