package com.tudicloud.asynctask.benchmark.peer.dbscheduler;

import com.github.kagkarlsson.scheduler.PollingStrategyConfig;
import com.github.kagkarlsson.scheduler.SchedulerBuilder;
import com.github.kagkarlsson.scheduler.jdbc.MySQL8JdbcCustomization;

import java.util.Arrays;

/**
 * db-scheduler's two ways to find due executions, each with db-scheduler's own default limits.
 * <ul>
 * <li>{@link #FETCH}, its default: read up to 3 x threads due executions, then lock each one on
 * execution with an UPDATE of its own (optimistic, by version); the SQL dialect detected from the
 * connection (MariaDB here).</li>
 * <li>{@link #LOCK}: lock a batch of up to 1 x threads with {@code SELECT ... FOR UPDATE SKIP LOCKED}
 * and mark it picked in one transaction. db-scheduler refuses it for MariaDB as detected; its
 * MySQL 8 dialect runs it on MariaDB 10.6+, which has SKIP LOCKED.</li>
 * </ul>
 */
public enum DbSchedulerPolling {

    FETCH("fetch-and-lock-on-execute"),
    LOCK("lock-and-fetch");

    /** Instants written in UTC, as db-scheduler asks of every MySQL/MariaDB user (it warns otherwise). */
    static final boolean PERSIST_IN_UTC = true;

    private final String label;

    DbSchedulerPolling(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** e.g. {@code lock-and-fetch}, or the constant's name in any case ({@code lock}). */
    public static DbSchedulerPolling parse(String text) {
        return Arrays.stream(values()).filter(p -> p.label.equals(text) || p.name().equalsIgnoreCase(text)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown db-scheduler polling '" + text + "'; known: "
                        + Arrays.stream(values()).map(DbSchedulerPolling::label).toList()));
    }

    /** Sets the strategy, with db-scheduler's default limits for it. */
    SchedulerBuilder configure(SchedulerBuilder builder) {
        if (this == FETCH) {
            PollingStrategyConfig limits = PollingStrategyConfig.DEFAULT_FETCH;
            return builder.alwaysPersistTimestampInUTC().pollUsingFetchAndLockOnExecute(limits.lowerLimitFractionOfThreads,
                    limits.upperLimitFractionOfThreads);
        }
        PollingStrategyConfig limits = PollingStrategyConfig.DEFAULT_SELECT_FOR_UPDATE;
        return builder.jdbcCustomization(new MySQL8JdbcCustomization(PERSIST_IN_UTC))
                .pollUsingLockAndFetch(limits.lowerLimitFractionOfThreads, limits.upperLimitFractionOfThreads);
    }
}
