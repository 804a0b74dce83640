package com.tudicloud.asynctask.admin.api.hostile;

import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/** The digest the hostile-input test compares sees a change in any of the tables it names, not only the tasks. */
class TableDigestTest {

    private final TestDatabase db = TestDatabase.get();
    private final JdbcTemplate jdbc = new JdbcTemplate(db.dataSource());
    private final TableDigest digest = new TableDigest(db.dataSource());

    @Test
    void aChangeToAScheduleOrATaskTypeChangesTheDigest() {
        db.deleteAllTasks();
        jdbc.update("DELETE FROM system_async_task_schedule WHERE name = 'digest-probe'");
        String empty = digest.now();

        jdbc.update("INSERT INTO system_async_task_schedule (name, cron_expression, task_type, next_fire_time, create_time, "
                + "update_time) VALUES ('digest-probe', '0 0 * * * *', 'mail', NOW(3), NOW(3), NOW(3))");
        String withSchedule = digest.now();
        jdbc.update("UPDATE system_async_task_schedule SET priority = 7 WHERE name = 'digest-probe'");
        String withPriority = digest.now();
        jdbc.update("INSERT INTO system_async_task_type (task_type, paused_at, paused_by) VALUES ('mail', NOW(3), 'x')");
        String withPause = digest.now();

        assertThat(java.util.List.of(empty, withSchedule, withPriority, withPause)).doesNotHaveDuplicates();
        System.out.println("DIGEST injected schedule and type changes: " + empty + " -> " + withPause);
        jdbc.update("DELETE FROM system_async_task_schedule WHERE name = 'digest-probe'");
        db.deleteAllTasks();
    }
}
