package com.tudicloud.asynctask.benchmark.db;

import com.tudicloud.asynctask.benchmark.Args;

import java.util.List;

/**
 * Where the benchmark database is. The runner passes it on to the worker and producer JVMs.
 *
 * @param serverUrl the server part of the JDBC URL, e.g. {@code jdbc:mysql://127.0.0.1:3306/}
 */
public record DbCoordinates(String serverUrl, String database, String user, String password) {

    /**
     * Connector options of every pool, the peers' included: those docs/configuration.md recommends, the
     * driver's session state kept locally and the parse of each statement's text cached per connection.
     */
    static final String URL_OPTIONS = "?useSSL=false&allowPublicKeyRetrieval=true&useLocalSessionState=true"
            + "&cachePrepStmts=true&prepStmtCacheSize=500&prepStmtCacheSqlLimit=8192";

    public static DbCoordinates from(Args args) {
        return new DbCoordinates(args.text("jdbc-url", "jdbc:mysql://127.0.0.1:3306/"),
                args.text("database", "async_task_bench"), args.text("user", "root"), args.text("password", ""));
    }

    /** The same server and user, another database. */
    public DbCoordinates withDatabase(String otherDatabase) {
        return new DbCoordinates(serverUrl, otherDatabase, user, password);
    }

    public String jdbcUrl() {
        return serverUrl + database + URL_OPTIONS;
    }

    public List<String> toArgs() {
        return Args.of("jdbc-url", serverUrl, "database", database, "user", user, "password", password);
    }
}
