package com.tudicloud.asynctask.benchmark.db;

import com.mysql.cj.MysqlConnection;
import com.mysql.cj.PreparedQuery;
import com.mysql.cj.Query;
import com.mysql.cj.interceptors.QueryInterceptor;
import com.mysql.cj.log.Log;
import com.mysql.cj.protocol.Resultset;
import com.mysql.cj.protocol.ServerSession;

import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * Counts, in the driver, what the connections of a counted pool ({@link Pools#openCounted}) send
 * while counting is on: every statement by kind, and the <b>commits that wrote</b>: a write sent in
 * autocommit mode, or a COMMIT (or a switch back to autocommit) that ends a transaction with a write.
 * A transaction that only read is not counted as a commit: InnoDB writes and flushes no log for it.
 * <p>
 * The server counts no such thing per session (its per-session {@code Handler_commit} counts every
 * statement that touches a table, {@code Com_commit} misses autocommitted writes), so the driver
 * counts them; {@link SessionStatements} reads the server's own per-session {@code Questions} over
 * the same window, and the two statement counts must agree. One JVM's counted pools share the counts.
 */
public final class StatementCounter implements QueryInterceptor {

    private static final LongAdder STATEMENTS = new LongAdder();
    private static final LongAdder SELECTS = new LongAdder();
    private static final LongAdder WRITES = new LongAdder();
    private static final LongAdder COMMITS = new LongAdder();
    private static final LongAdder WRITE_COMMITS = new LongAdder();
    private static final LongAdder ROLLBACKS = new LongAdder();
    private static final LongAdder SETS = new LongAdder();
    private static volatile boolean counting;

    private MysqlConnection connection;
    /** A write was sent in the transaction that is open on this connection. */
    private boolean wroteInTransaction;

    /** Counts from now on, from zero. */
    public static void start() {
        for (LongAdder adder : new LongAdder[] {STATEMENTS, SELECTS, WRITES, COMMITS, WRITE_COMMITS, ROLLBACKS, SETS}) {
            adder.reset();
        }
        counting = true;
    }

    public static void stop() {
        counting = false;
    }

    public static StatementCounts counts() {
        return new StatementCounts(STATEMENTS.sum(), SELECTS.sum(), WRITES.sum(), COMMITS.sum(), WRITE_COMMITS.sum(),
                ROLLBACKS.sum(), SETS.sum());
    }

    @Override
    public QueryInterceptor init(MysqlConnection connection, Properties properties, Log log) {
        this.connection = connection;
        return this;
    }

    @Override
    public <T extends Resultset> T preProcess(Supplier<String> sql, Query query) {
        if (!counting) {
            return null;
        }
        // a prepared statement's text without its parameters bound; for other statements the text as sent
        String text = query instanceof PreparedQuery prepared ? prepared.getOriginalSql() : sql.get();
        STATEMENTS.increment();
        switch (firstWord(text)) {
            case "select" -> SELECTS.increment();
            case "insert", "update", "delete", "replace" -> {
                WRITES.increment();
                if (connection.getSession().getServerSession().isAutoCommit()) {
                    WRITE_COMMITS.increment();
                } else {
                    wroteInTransaction = true;
                }
            }
            case "commit" -> {
                COMMITS.increment();
                endTransaction(true);
            }
            case "rollback" -> {
                ROLLBACKS.increment();
                endTransaction(false);
            }
            case "set" -> {
                SETS.increment();
                if (switchesAutocommitOn(text)) {
                    endTransaction(true);
                }
            }
            default -> {
            }
        }
        return null;
    }

    private void endTransaction(boolean committed) {
        if (committed && wroteInTransaction) {
            WRITE_COMMITS.increment();
        }
        wroteInTransaction = false;
    }

    /** Switching autocommit back on commits the open transaction. */
    private static boolean switchesAutocommitOn(String set) {
        return set.toLowerCase(Locale.ROOT).replace(" ", "").contains("autocommit=1");
    }

    /** The statement's first keyword, lower case, after blanks and comments. */
    static String firstWord(String sql) {
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c) || c == '(') {
                i++;
            } else if (sql.startsWith("/*", i)) {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else {
                break;
            }
        }
        int start = i;
        while (i < n && Character.isLetter(sql.charAt(i))) {
            i++;
        }
        return sql.substring(start, i).toLowerCase(Locale.ROOT);
    }

    @Override
    public boolean executeTopLevelOnly() {
        return true;
    }

    @Override
    public <T extends Resultset> T postProcess(Supplier<String> sql, Query query, T result, ServerSession serverSession) {
        return null;
    }

    @Override
    public void destroy() {
    }
}
