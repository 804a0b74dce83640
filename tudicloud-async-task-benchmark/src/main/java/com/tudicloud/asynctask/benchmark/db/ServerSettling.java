package com.tudicloud.asynctask.benchmark.db;

import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.time.Duration;

/**
 * Waits until the server has purged and flushed what the scenario before left behind. The scale
 * scenario's million rows kept InnoDB purging and flushing well into the next run, and the next
 * run's raw and drain figures came out up to a third lower than the first run's.
 */
public final class ServerSettling {

    private static final long QUIET_HISTORY = 1_000;
    private static final double QUIET_DIRTY_SHARE = 0.10;
    private static final Duration POLL = Duration.ofMillis(500);

    private final JdbcTemplate jdbc;

    public ServerSettling(DataSource dataSource) {
        this.jdbc = new JdbcTemplate(dataSource);
    }

    /** @return how long it waited; at most {@code max}, quiet or not */
    public Duration await(Duration max) throws InterruptedException {
        long start = System.nanoTime();
        while (!isQuiet() && System.nanoTime() - start < max.toNanos()) {
            Thread.sleep(POLL.toMillis());
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    /** Undo history nearly purged, and at most 10% of the buffer pool dirty (an idle server flushes the last pages slowly). */
    private boolean isQuiet() {
        return status("Innodb_history_list_length") < QUIET_HISTORY
                && status("Innodb_buffer_pool_pages_dirty") < QUIET_DIRTY_SHARE * status("Innodb_buffer_pool_pages_total");
    }

    private long status(String name) {
        return jdbc.queryForObject("SHOW GLOBAL STATUS LIKE '" + name + "'", (rs, n) -> rs.getLong(2));
    }
}
