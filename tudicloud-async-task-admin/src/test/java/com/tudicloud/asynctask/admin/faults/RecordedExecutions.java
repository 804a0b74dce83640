package com.tudicloud.asynctask.admin.faults;

import com.tudicloud.asynctask.testing.ExecutionLog;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Reads what {@link ExecutionRecording} wrote, in the suite's JVM: a class apart, since the recording itself
 * runs in the worker nodes, which have no test support on their class path.
 */
final class RecordedExecutions {

    private RecordedExecutions() {
    }

    /** Every handler entry the worker nodes recorded, with its task's type, on the database's clock. */
    static ExecutionLog read(JdbcTemplate jdbc) {
        ExecutionLog executions = new ExecutionLog();
        jdbc.query("SELECT e.task_id, t.task_type, e.worker, TIMESTAMPDIFF(MICROSECOND, '1970-01-01', e.started_at) AS started, "
                + "TIMESTAMPDIFF(MICROSECOND, '1970-01-01', e.finished_at) AS finished FROM " + ExecutionRecording.TABLE
                + " e JOIN system_async_task t ON t.id = e.task_id", row -> {
            long finished = row.getLong("finished");
            executions.add(row.getLong("task_id"), row.getString("task_type"), row.getString("worker"),
                    row.getLong("started"), row.wasNull() ? null : finished);
        });
        return executions;
    }
}
