package com.tudicloud.asynctask.admin.api.hostile;

import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import javax.sql.DataSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the database holds for a body field of an accepted request, read from the row the request wrote (a
 * submitted task by the id in the reply, a created or edited schedule by its name), not from the reply.
 */
final class StoredRows {

    private static final Map<String, String> TASK_COLUMNS = Map.of("taskType", "task_type", "payload", "payload",
            "priority", "priority", "maxAttempts", "max_attempts", "ownerId", "owner_id", "dedupKey", "dedup_key");
    /** An {@code @every} expression is stored as its interval in milliseconds, with no cron expression. */
    private static final Map<String, String> SCHEDULE_COLUMNS = Map.ofEntries(Map.entry("name", "name"),
            Map.entry("expression", "cron_expression"), Map.entry("timeZone", "time_zone"),
            Map.entry("taskType", "task_type"), Map.entry("payload", "payload"), Map.entry("priority", "priority"),
            Map.entry("maxAttempts", "max_attempts"), Map.entry("ownerId", "owner_id"),
            Map.entry("misfirePolicy", "misfire_policy"), Map.entry("misfireBound", "misfire_bound"),
            Map.entry("overlapPolicy", "overlap_policy"));
    /** Numbers read exactly, as sent. */
    private static final JsonMapper EXACT_NUMBERS = JsonMapper.builder()
            .enable(tools.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

    private final JdbcTemplate jdbc;

    StoredRows(DataSource dataSource) {
        this.jdbc = new JdbcTemplate(dataSource);
    }

    /**
     * The stored value of {@code field} as JSON; empty where the request writes no row (a bulk action), or the
     * field has no column of its own (a delay, a due instant: the due time is the database's now plus the
     * delay), or the row holds no value for it.
     */
    Optional<JsonNode> of(ApiOperation operation, Reply reply, String field) {
        if (operation.method().equals("POST") && operation.path().equals("/api/tasks") && TASK_COLUMNS.containsKey(field)) {
            return column("system_async_task", TASK_COLUMNS.get(field), "id", reply.json().get("id").asLong(), field);
        }
        if (operation.path().startsWith("/api/schedules") && List.of("POST", "PUT").contains(operation.method())
                && SCHEDULE_COLUMNS.containsKey(field)) {
            return column("system_async_task_schedule", SCHEDULE_COLUMNS.get(field), "name",
                    reply.json().get("name").asString(), field);
        }
        return Optional.empty();
    }

    private Optional<JsonNode> column(String table, String column, String key, Object value, String field) {
        List<Object> found = jdbc.queryForList("SELECT " + column + " FROM " + table + " WHERE " + key + " = ?",
                Object.class, value);
        if (found.size() != 1 || found.get(0) == null) {
            return Optional.empty();
        }
        Object stored = found.get(0);
        return Optional.of(field.equals("payload") ? EXACT_NUMBERS.readTree((String) stored)
                : EXACT_NUMBERS.valueToTree(stored));
    }
}
