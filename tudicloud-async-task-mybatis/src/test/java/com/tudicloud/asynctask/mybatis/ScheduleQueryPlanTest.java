package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.testing.DatabaseServer;
import com.tudicloud.asynctask.testing.SchemaScripts;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.List;
import java.util.Map;

import static com.tudicloud.asynctask.mybatis.MapperExplain.estimatedRows;
import static com.tudicloud.asynctask.mybatis.MapperExplain.render;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The scheduler's statements, as MyBatis binds them from SystemAsyncTaskScheduleMapper.xml, read
 * idx_async_task_schedule_due and not the table: the idle poll's MIN reads one index entry, and the claim
 * reads the due range in fire-time order, without a filesort, among many paused and not-yet-due schedules.
 * In a database of its own on the test server.
 */
class ScheduleQueryPlanTest {

    private static final int SCHEDULES = 3000;
    private static final int DUE = 15;

    private static String database;
    private static HikariDataSource dataSource;
    private static MapperExplain explain;

    @BeforeAll
    static void fillTable() {
        DatabaseServer server = TestDatabase.get().server();
        database = server.recreateScratchDatabase("schedule_plan");
        dataSource = server.dataSource(database, 2);
        SchemaScripts.applyChangelog(dataSource);
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        for (int i = 0; i < SCHEDULES; i++) {
            // a few due, a tenth paused (some of those long overdue), the rest due within the next days
            String next = i < DUE ? "NOW(3) - INTERVAL 1 MINUTE" : "NOW(3) + INTERVAL " + i + " MINUTE";
            String paused = i % 10 == 1 ? "NOW(3)" : "NULL";
            if (i % 10 == 1) {
                next = "NOW(3) - INTERVAL " + i + " HOUR";
            }
            jdbc.update("INSERT INTO system_async_task_schedule (name, interval_ms, task_type, paused_at, next_fire_time,"
                    + " create_time, update_time) VALUES (?, 60000, 'mail', " + paused + ", " + next + ", NOW(3), NOW(3))",
                    "schedule-" + i);
        }
        List<Object[]> tasks = new java.util.ArrayList<>();
        for (int i = 0; i < SCHEDULES; i++) {
            tasks.add(new Object[]{i % 3 == 0 ? "SUCCESS" : "QUEUED"});
        }
        jdbc.batchUpdate("INSERT INTO system_async_task (task_type, status, available_at, create_time, update_time)"
                + " VALUES ('mail', ?, NOW(3), NOW(3), NOW(3))", tasks);
        jdbc.queryForList("ANALYZE TABLE system_async_task_schedule, system_async_task");
        explain = new MapperExplain(dataSource, SystemAsyncTaskScheduleMapper.class);
    }

    @AfterAll
    static void dropDatabase() {
        if (dataSource != null) {
            dataSource.close();
        }
        if (database != null) {
            TestDatabase.get().execute("DROP DATABASE IF EXISTS " + database);
        }
    }

    @Test
    void theIdlePollReadsTheFirstIndexEntryOnly() {
        List<Map<String, Object>> plan = explain.explain("selectNextFire", Map.of());

        Map<String, Object> subquery = plan.stream().filter(row -> "SUBQUERY".equals(row.get("select_type")))
                .findFirst().orElseThrow(() -> new AssertionError("no subquery in EXPLAIN:\n" + render(plan)));
        // MIN over the leading NULL range of the index is read from its first entry ("Select tables optimized away")
        String extra = String.valueOf(subquery.get("Extra"));
        assertThat(extra.contains("optimized away") || "idx_async_task_schedule_due".equals(subquery.get("key")))
                .as("EXPLAIN:%n%s", render(plan)).isTrue();
        assertThat(extra).doesNotContainIgnoringCase("filesort").doesNotContainIgnoringCase("temporary");
    }

    /** A plain read of the due range in fire-time order, ended inside InnoDB, then locks by primary key. */
    @Test
    void theClaimReadsTheDueRangeInFireTimeOrderAndLocksByPrimaryKey() {
        List<Map<String, Object>> plan = explain.explain("selectDueForUpdate", Map.of("limit", 20));

        Map<String, Object> read = plan.stream().filter(row -> "system_async_task_schedule".equals(row.get("table")))
                .findFirst().orElseThrow(() -> new AssertionError("no read of the index in EXPLAIN:\n" + render(plan)));
        assertThat(read.get("key")).as("EXPLAIN:%n%s", render(plan)).isEqualTo("idx_async_task_schedule_due");
        assertThat(read.get("type")).isIn("range", "ref");
        assertThat(String.valueOf(read.get("Extra"))).as("EXPLAIN:%n%s", render(plan))
                .containsIgnoringCase("Using index condition")
                .doesNotContainIgnoringCase("filesort").doesNotContainIgnoringCase("temporary");
        assertThat(estimatedRows(read)).as("rows read for %d due of %d", DUE, SCHEDULES).isLessThan(10L * DUE + 50);
        Map<String, Object> lock = plan.stream().filter(row -> "s".equals(row.get("table"))).findFirst()
                .orElseThrow(() -> new AssertionError("no lock in EXPLAIN:\n" + render(plan)));
        assertThat(lock.get("type")).as("EXPLAIN:%n%s", render(plan)).isEqualTo("eq_ref");
        assertThat(lock.get("key")).isEqualTo("PRIMARY");
    }

    @Test
    void theStatusesOfLastTasksAreReadByPrimaryKey() {
        List<Map<String, Object>> plan = explain.explain("selectTaskStatuses", Map.of("ids", List.of(10L, 20L, 30L)));

        assertThat(plan).hasSize(1);
        assertThat(plan.get(0).get("key")).as("EXPLAIN:%n%s", render(plan)).isEqualTo("PRIMARY");
        assertThat(plan.get(0).get("type")).isEqualTo("range");
        assertThat(estimatedRows(plan.get(0))).isLessThanOrEqualTo(3);
    }
}
