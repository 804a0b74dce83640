package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.testing.DatabaseServer;
import com.tudicloud.asynctask.testing.SchemaScripts;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Liquibase changelog and the plain DDL in sql/mysql/ create the same schema, and so do the first
 * changelog followed by every upgrade script of sql/mysql/upgrade/ (the path of a database made by the
 * plain DDL of the first release): each is applied to an empty database of its own on the test server,
 * and information_schema must read the same for all three.
 */
class SchemaParityTest {

    private static String liquibaseDb;
    private static String ddlDb;
    private static String upgradedDb;

    /** Tables Liquibase keeps for itself; the plain DDL has no reason to create them. */
    private static final String NOT_LIQUIBASE_OWN =
            " AND UPPER(TABLE_NAME) NOT IN ('DATABASECHANGELOG', 'DATABASECHANGELOGLOCK')";

    private static DatabaseServer server;
    private static HikariDataSource liquibase;
    private static HikariDataSource ddl;
    private static HikariDataSource upgraded;

    @BeforeAll
    static void applyBothWays() {
        server = TestDatabase.get().server();
        liquibaseDb = server.recreateScratchDatabase("parity_liquibase");
        ddlDb = server.recreateScratchDatabase("parity_ddl");
        liquibase = server.dataSource(liquibaseDb, 2);
        ddl = server.dataSource(ddlDb, 2);
        SchemaScripts.applyChangelog(liquibase);
        SchemaScripts.applyMysqlDdl(ddl);
        upgradedDb = server.recreateScratchDatabase("parity_upgraded");
        upgraded = server.dataSource(upgradedDb, 2);
        SchemaScripts.applyChangelog(upgraded, SchemaScripts.FIRST_CHANGELOG);
        SchemaScripts.applyMysqlUpgrades(upgraded);
    }

    @AfterAll
    static void dropBoth() {
        if (liquibase != null) {
            liquibase.close();
        }
        if (ddl != null) {
            ddl.close();
        }
        if (upgraded != null) {
            upgraded.close();
        }
        if (server != null) {
            TestDatabase.get().execute("DROP DATABASE IF EXISTS " + liquibaseDb);
            TestDatabase.get().execute("DROP DATABASE IF EXISTS " + ddlDb);
            TestDatabase.get().execute("DROP DATABASE IF EXISTS " + upgradedDb);
        }
    }

    @Test
    void bothCreateTheSameTables() {
        List<String> fromChangelog = tables(liquibaseDb);
        print("tables", fromChangelog);

        // the default utf8mb4 collation differs by server (MariaDB 10.11, 11.4, MySQL 8), so only its charset is fixed
        assertThat(fromChangelog).hasSize(10).satisfiesExactly(
                t -> assertThat(t).startsWith("system_async_task engine=InnoDB collation=utf8mb4_"),
                t -> assertThat(t).startsWith("system_async_task_audit engine=InnoDB collation=utf8mb4_"),
                t -> assertThat(t).startsWith("system_async_task_batch engine=InnoDB collation=utf8mb4_"),
                t -> assertThat(t).startsWith("system_async_task_dependency engine=InnoDB collation=utf8mb4_"),
                t -> assertThat(t).startsWith("system_async_task_event engine=InnoDB collation=utf8mb4_"),
                t -> assertThat(t).startsWith("system_async_task_lock engine=InnoDB collation=utf8mb4_"),
                t -> assertThat(t).startsWith("system_async_task_schedule engine=InnoDB collation=utf8mb4_"),
                t -> assertThat(t).startsWith("system_async_task_start engine=InnoDB collation=utf8mb4_"),
                t -> assertThat(t).startsWith("system_async_task_type engine=InnoDB collation=utf8mb4_"),
                t -> assertThat(t).startsWith("system_async_task_worker engine=InnoDB collation=utf8mb4_"));
        assertThat(tables(ddlDb)).as("tables of the plain DDL vs the changelog")
                .containsExactlyElementsOf(fromChangelog);
        assertThat(tables(upgradedDb)).as("tables of the upgraded first schema vs the changelog")
                .containsExactlyElementsOf(fromChangelog);
    }

    @Test
    void bothCreateTheSameColumns() {
        List<String> fromChangelog = columns(liquibaseDb);
        print("columns", fromChangelog);

        // the task, audit, batch, dependency, event, lock, schedule, start, type and worker tables' columns
        assertThat(fromChangelog).hasSize(28 + 9 + 21 + 3 + 12 + 4 + 20 + 4 + 8 + 8);
        assertThat(columns(ddlDb)).as("columns of the plain DDL (actual) vs the changelog (expected)")
                .containsExactlyElementsOf(fromChangelog);
        assertThat(columns(upgradedDb)).as("columns of the upgraded first schema (actual) vs the changelog (expected)")
                .containsExactlyElementsOf(fromChangelog);
    }

    @Test
    void bothCreateTheSameIndexes() {
        List<String> fromChangelog = indexes(liquibaseDb);
        print("indexes", fromChangelog);

        assertThat(fromChangelog).contains(
                "system_async_task.idx_async_task_batch non_unique=1 #1 batch_id A",
                "system_async_task.idx_async_task_batch non_unique=1 #2 status A",
                "system_async_task.idx_async_task_claim non_unique=1 #1 status A",
                "system_async_task.idx_async_task_claim non_unique=1 #2 task_type A",
                "system_async_task.idx_async_task_claim non_unique=1 #3 priority D",
                "system_async_task.idx_async_task_claim non_unique=1 #4 available_at A",
                "system_async_task.idx_async_task_claim non_unique=1 #5 id A",
                "system_async_task.idx_async_task_due non_unique=1 #1 status A",
                "system_async_task.idx_async_task_due non_unique=1 #2 task_type A",
                "system_async_task.idx_async_task_due non_unique=1 #3 available_at A",
                "system_async_task.idx_async_task_due non_unique=1 #4 id A",
                "system_async_task.idx_async_task_key_walk non_unique=1 #3 task_key A",
                "system_async_task.idx_async_task_key_walk non_unique=1 #4 priority A",
                "system_async_task.idx_async_task_key non_unique=1 #1 task_key A",
                "system_async_task.idx_async_task_key non_unique=1 #2 create_time A",
                "system_async_task_schedule.idx_async_task_schedule_due non_unique=1 #1 paused_at A",
                "system_async_task_schedule.idx_async_task_schedule_due non_unique=1 #2 next_fire_time A",
                "system_async_task_start.idx_async_task_start_window non_unique=1 #1 task_type A",
                "system_async_task_start.idx_async_task_start_window non_unique=1 #2 started_at A");
        assertThat(indexes(ddlDb)).as("indexes of the plain DDL (actual) vs the changelog (expected)")
                .containsExactlyElementsOf(fromChangelog);
        assertThat(indexes(upgradedDb)).as("indexes of the upgraded first schema (actual) vs the changelog (expected)")
                .containsExactlyElementsOf(fromChangelog);
    }

    @Test
    void bothCreateTheSameForeignKeys() {
        List<String> fromChangelog = foreignKeys(liquibaseDb);
        print("foreign keys", fromChangelog);

        assertThat(fromChangelog).containsExactly(
                "system_async_task_event.fk_async_task_event_task -> system_async_task on delete CASCADE");
        assertThat(foreignKeys(ddlDb)).containsExactlyElementsOf(fromChangelog);
    }

    @Test
    void bothSeedTheSameLockRows() {
        List<String> fromChangelog = lockRows(liquibaseDb);

        assertThat(fromChangelog).containsExactly("claim", "retention");
        assertThat(lockRows(ddlDb)).containsExactlyElementsOf(fromChangelog);
        assertThat(lockRows(upgradedDb)).containsExactlyElementsOf(fromChangelog);
    }

    @Test
    void everyChangelogAfterTheFirstHasItsUpgradeScript() throws IOException {
        List<String> changelogs;
        try (Stream<Path> files = Files.list(CHANGELOG_DIRECTORY)) {
            changelogs = files.map(p -> p.getFileName().toString())
                    .filter(name -> name.matches("\\d{3}-.*\\.xml") && !name.startsWith("001-"))
                    .map(name -> name.replaceFirst("\\.xml$", ".sql")).sorted().toList();
        }
        List<String> upgrades = SchemaScripts.mysqlUpgrades().stream().map(p -> p.getFileName().toString()).toList();

        assertThat(changelogs).isNotEmpty();
        assertThat(upgrades).as("sql/mysql/upgrade/ vs the changelogs after 001").containsExactlyElementsOf(changelogs);
    }

    private static final Path CHANGELOG_DIRECTORY = Path.of("src", "main", "resources", "db", "async-task");

    private static void print(String what, List<String> lines) {
        System.out.println(what + " (changelog):");
        lines.forEach(line -> System.out.println("  " + line));
    }

    private static List<String> tables(String schema) {
        return jdbc().query("""
                        SELECT TABLE_NAME, ENGINE, TABLE_COLLATION FROM information_schema.TABLES
                        WHERE TABLE_SCHEMA = ?""" + NOT_LIQUIBASE_OWN + " ORDER BY TABLE_NAME",
                (rs, n) -> rs.getString(1) + " engine=" + rs.getString(2) + " collation=" + rs.getString(3),
                schema);
    }

    private static List<String> columns(String schema) {
        return jdbc().query("""
                        SELECT TABLE_NAME, COLUMN_NAME, ORDINAL_POSITION, COLUMN_TYPE, IS_NULLABLE, COLUMN_DEFAULT, EXTRA,
                               CHARACTER_SET_NAME, COLLATION_NAME
                        FROM information_schema.COLUMNS
                        WHERE TABLE_SCHEMA = ?""" + NOT_LIQUIBASE_OWN + " ORDER BY TABLE_NAME, ORDINAL_POSITION",
                (rs, n) -> rs.getString("TABLE_NAME") + "." + rs.getString("COLUMN_NAME")
                        + " #" + rs.getInt("ORDINAL_POSITION")
                        + " " + rs.getString("COLUMN_TYPE")
                        + " nullable=" + rs.getString("IS_NULLABLE")
                        + " default=" + rs.getString("COLUMN_DEFAULT")
                        + " extra=" + rs.getString("EXTRA")
                        + " charset=" + rs.getString("CHARACTER_SET_NAME")
                        + " collation=" + rs.getString("COLLATION_NAME"),
                schema);
    }

    private static List<String> indexes(String schema) {
        return jdbc().query("""
                        SELECT TABLE_NAME, INDEX_NAME, NON_UNIQUE, SEQ_IN_INDEX, COLUMN_NAME, COLLATION, SUB_PART, INDEX_TYPE
                        FROM information_schema.STATISTICS
                        WHERE TABLE_SCHEMA = ?""" + NOT_LIQUIBASE_OWN + " ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX",
                (rs, n) -> rs.getString("TABLE_NAME") + "." + rs.getString("INDEX_NAME")
                        + " non_unique=" + rs.getInt("NON_UNIQUE")
                        + " #" + rs.getInt("SEQ_IN_INDEX")
                        + " " + rs.getString("COLUMN_NAME")
                        + " " + rs.getString("COLLATION")
                        + (rs.getString("SUB_PART") == null ? "" : " prefix=" + rs.getString("SUB_PART"))
                        + ("BTREE".equals(rs.getString("INDEX_TYPE")) ? "" : " type=" + rs.getString("INDEX_TYPE")),
                schema);
    }

    private static List<String> foreignKeys(String schema) {
        return jdbc().query("""
                        SELECT TABLE_NAME, CONSTRAINT_NAME, REFERENCED_TABLE_NAME, DELETE_RULE
                        FROM information_schema.REFERENTIAL_CONSTRAINTS
                        WHERE CONSTRAINT_SCHEMA = ? ORDER BY TABLE_NAME, CONSTRAINT_NAME""",
                (rs, n) -> rs.getString(1) + "." + rs.getString(2) + " -> " + rs.getString(3) + " on delete " + rs.getString(4),
                schema);
    }

    private static List<String> lockRows(String schema) {
        return jdbc().queryForList("SELECT name FROM " + schema + ".system_async_task_lock ORDER BY name", String.class);
    }

    /** information_schema reads the same from either pool; the schema name is always a parameter. */
    private static JdbcTemplate jdbc() {
        return new JdbcTemplate(liquibase);
    }
}
