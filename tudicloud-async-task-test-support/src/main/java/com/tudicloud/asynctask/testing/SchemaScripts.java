package com.tudicloud.asynctask.testing;

import liquibase.command.CommandScope;
import liquibase.command.core.UpdateCommandStep;
import liquibase.command.core.helpers.DbUrlConnectionArgumentsCommandStep;
import liquibase.database.Database;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import org.springframework.core.io.FileSystemResource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.stream.Stream;

/** The two ways the async-task schema reaches a database: the Liquibase changelog and the plain DDL. */
public final class SchemaScripts {

    /** The plain DDL for DBAs, at the repository root; tests run with the module directory as working directory. */
    public static final Path MYSQL_DDL = Path.of("..", "sql", "mysql", "system_async_task.sql");

    /** Upgrade scripts for a schema made by the plain DDL, one per changelog after the first, run in name order. */
    public static final Path MYSQL_UPGRADES = Path.of("..", "sql", "mysql", "upgrade");

    /** The changelog that created the first schema: where every upgrade path starts. */
    public static final String FIRST_CHANGELOG = "db/async-task/001-create-task-table.xml";

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
        runScript(dataSource, MYSQL_DDL);
    }

    /** Runs every script of {@link #MYSQL_UPGRADES} in name order, as a DBA upgrading the oldest schema would. */
    public static void applyMysqlUpgrades(DataSource dataSource) {
        for (Path upgrade : mysqlUpgrades()) {
            runScript(dataSource, upgrade);
        }
    }

    /** The upgrade scripts, in the order they run. */
    public static List<Path> mysqlUpgrades() {
        try (Stream<Path> scripts = Files.list(MYSQL_UPGRADES)) {
            return scripts.filter(p -> p.getFileName().toString().endsWith(".sql")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("missing " + MYSQL_UPGRADES.toAbsolutePath().normalize(), e);
        }
    }

    private static void runScript(DataSource dataSource, Path script) {
        Path file = script.toAbsolutePath().normalize();
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("missing " + file + " (run the tests from the module directory)");
        }
        ResourceDatabasePopulator populator = new ResourceDatabasePopulator(new FileSystemResource(file));
        populator.setSqlScriptEncoding("UTF-8");
        populator.execute(dataSource);
    }
}
