package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.FinishedPerMinute;
import com.tudicloud.asynctask.testing.DatabaseServer;
import com.tudicloud.asynctask.testing.SchemaScripts;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Timestamp;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The overview's aggregates stay cheap on a big table of finished tasks: EXPLAIN, on the real server, of
 * the per-minute count of finished tasks and of the queue sample, on a table of {@value #DEFAULT_ROWS}
 * rows (10 million with {@code -Dtimeline.rows=10000000}) that is skewed as production tables are: a
 * month of history that thickens towards the present, a day of mass failures, a last hour that holds a
 * small share of the rows, a queue and running leases. Each aggregate must read a range of an index
 * alone, about as many entries as there are rows in its window, and never the table's history.
 * <p>
 * The rows are made by the server itself (INSERT ... SELECT over a cross join of digits, which MySQL and
 * MariaDB both run), in a database of its own named after the test database, so that it meets no other
 * test's rows.
 */
class TimelineQueryPlanTest {

    static final int DEFAULT_ROWS = 1_000_000;
    private static final long ROWS = Long.getLong("timeline.rows", DEFAULT_ROWS);
    /** The share of all rows that ended in the last hour (at 10 million rows: 50,000, about 830 a minute). */
    private static final double LAST_HOUR_SHARE = 0.005;

    private static TestDatabase db;
    private static String database;
    private static HikariDataSource dataSource;
    private static MapperExplain explain;
    private static JdbcTemplate jdbc;

    @BeforeAll
    static void fillTable() {
        db = TestDatabase.get();
        DatabaseServer server = db.server();
        database = (server.defaultDatabase() == null ? "async_task_test" : server.defaultDatabase()) + "_timeline_plan";
        server.recreateDatabase(database);
        dataSource = server.dataSource(database, 2);
        SchemaScripts.applyChangelog(dataSource);
        jdbc = new JdbcTemplate(dataSource);
        SkewedTaskTable.fill(jdbc, ROWS, LAST_HOUR_SHARE);
        jdbc.queryForList("ANALYZE TABLE system_async_task");
        explain = new MapperExplain(dataSource);
        System.out.println("rows by status: " + jdbc.queryForList(
                "SELECT status, COUNT(*) AS n FROM system_async_task GROUP BY status ORDER BY status"));
    }

    @AfterAll
    static void dropDatabase() {
        if (dataSource != null) {
            dataSource.close();
        }
        if (db != null && database != null) {
            db.execute("DROP DATABASE IF EXISTS " + database);
        }
    }

    /** 60: the overview's hour; 3: what the admin asks once it has the closed minutes of the hour. */
    @ParameterizedTest
    @ValueSource(ints = {60, 3})
    void finishedPerMinuteReadsOnlyTheWindowFromTheFinishedIndex(int minutes) {
        long inWindow = jdbc.queryForObject("""
                SELECT COUNT(*) FROM system_async_task
                WHERE status IN ('SUCCESS', 'FAILED', 'CANCELLED') AND finished_at >= TIMESTAMPADD(MINUTE, ?, NOW(3))""",
                Long.class, -minutes);

        List<Map<String, Object>> plan = explain.explain("countFinishedPerMinute", Map.of("minutes", minutes));

        Map<String, Object> tasks = rowOf(plan);
        String shown = MapperExplain.render(plan);
        assertThat(tasks.get("key")).as("index; EXPLAIN:%n%s", shown).isEqualTo("idx_async_task_finished");
        assertThat(tasks.get("type")).as("access; EXPLAIN:%n%s", shown).isEqualTo("range");
        // the temporary table and its sort hold the groups only: at most three statuses per minute
        assertThat(String.valueOf(tasks.get("Extra"))).as("read from the index alone; EXPLAIN:%n%s", shown)
                .contains("Using index");
        // InnoDB's estimate of a range is close, not exact: within three times what the window holds
        System.out.println("   rows in the window of " + minutes + " minutes: " + inWindow + " of " + ROWS);
        assertThat(MapperExplain.estimatedRows(tasks)).as("entries read for %d in the window of %d rows; EXPLAIN:%n%s",
                inWindow, ROWS, shown).isLessThanOrEqualTo(3 * inWindow + 100).isLessThan(ROWS / 20);
        assertThat(inWindow).as("rows in the window").isLessThan(ROWS / 100);
    }

    @Test
    void finishedPerMinuteCountsWhatTheWindowHolds() {
        FinishedPerMinute hour = MyBatisStores.create(dataSource).adminStore().finishedPerMinute(60);

        long counted = hour.counts().stream().mapToLong(FinishedPerMinute.Count::tasks).sum();
        Timestamp from = Timestamp.from(hour.databaseNow().truncatedTo(ChronoUnit.MINUTES).minus(59, ChronoUnit.MINUTES));
        long expected = jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task "
                + "WHERE status IN ('SUCCESS', 'FAILED', 'CANCELLED') AND finished_at >= ?", Long.class, from);
        assertThat(counted).isPositive().isEqualTo(expected);
        assertThat(hour.counts()).extracting(count -> count.minute() + " " + count.status()).doesNotHaveDuplicates();
        assertThat(hour.counts()).extracting(FinishedPerMinute.Count::minute).allSatisfy(minute -> assertThat(minute)
                .isBetween(from.toInstant(), hour.databaseNow()));
    }

    @Test
    void theQueueSampleReadsOnlyTheActiveRowsFromTheClaimIndex() {
        long active = jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task "
                + "WHERE status IN ('SCHEDULED', 'QUEUED', 'RUNNING', 'CANCEL_REQUESTED')", Long.class);

        List<Map<String, Object>> plan = explain.explain("sampleQueue", Map.of());

        Map<String, Object> tasks = rowOf(plan);
        String shown = MapperExplain.render(plan);
        assertThat(tasks.get("key")).as("index; EXPLAIN:%n%s", shown).isEqualTo("idx_async_task_claim");
        assertThat(tasks.get("type")).as("access; EXPLAIN:%n%s", shown).isEqualTo("range");
        assertThat(String.valueOf(tasks.get("Extra"))).as("EXPLAIN:%n%s", shown).contains("Using index");
        System.out.println("   active rows: " + active + " of " + ROWS);
        assertThat(MapperExplain.estimatedRows(tasks)).as("entries read for %d active rows; EXPLAIN:%n%s", active, shown)
                .isLessThanOrEqualTo(3 * active + 100).isLessThan(ROWS / 20);
    }

    private static Map<String, Object> rowOf(List<Map<String, Object>> plan) {
        return plan.stream().filter(row -> "system_async_task".equals(row.get("table"))).findFirst()
                .orElseThrow(() -> new AssertionError("no row for the task table in EXPLAIN:\n" + MapperExplain.render(plan)));
    }
}
