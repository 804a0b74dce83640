package com.tudicloud.asynctask.admin.api.hostile;

import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A checksum of every row and column of the tables an API request can change (tasks, their events, schedules,
 * task types), to show that a rejected request changed nothing.
 */
final class TableDigest {

    static final List<String> TABLES = List.of("system_async_task", "system_async_task_event",
            "system_async_task_schedule", "system_async_task_type");

    private final JdbcTemplate jdbc;

    TableDigest(DataSource dataSource) {
        this.jdbc = new JdbcTemplate(dataSource);
    }

    /** Each table's checksum, by name. */
    String now() {
        return jdbc.queryForList("CHECKSUM TABLE " + String.join(", ", TABLES)).stream()
                .map(row -> row.get("Table") + "=" + row.get("Checksum")).collect(Collectors.joining(" "));
    }
}
