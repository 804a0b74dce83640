package com.tudicloud.asynctask.admin.api.hostile;

import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The hostile-input test reads an accepted request's values from the row it wrote: a reply that shows what was
 * sent while the table holds something else is caught, as a column changed behind the reply's back shows.
 */
class StoredRowsTest {

    private static final ApiOperation SUBMIT = new ApiOperation("POST", "/api/tasks", Map.of(), Map.of(), List.of(),
            List.of("application/json"));

    private final TestDatabase db = TestDatabase.get();
    private final StoredRows stored = new StoredRows(db.dataSource());

    @Test
    void aFieldIsReadFromTheTaskRowNotFromTheReply() {
        db.deleteAllTasks();
        long id = MyBatisStores.create(db.dataSource()).taskStore()
                .insert(List.of(new NewTask("mail", "{\"to\": \"alice\"}", 3, 0, 5, "alice", null))).get(0).taskId();
        new JdbcTemplate(db.dataSource()).update("UPDATE system_async_task SET owner_id = 'ALICE?' WHERE id = ?", id);
        Reply echoingTheRequest = new Reply(201, "application/json", ("{\"id\": " + id
                + ", \"ownerId\": \"alice\", \"priority\": 3}").getBytes(StandardCharsets.UTF_8));

        assertThat(stored.of(SUBMIT, echoingTheRequest, "ownerId")).hasValueSatisfying(value ->
                assertThat(value.asString()).isEqualTo("ALICE?"));
        assertThat(stored.of(SUBMIT, echoingTheRequest, "priority")).hasValueSatisfying(value ->
                assertThat(value.asInt()).isEqualTo(3));
        assertThat(stored.of(SUBMIT, echoingTheRequest, "payload")).hasValueSatisfying(value ->
                assertThat(value.path("to").asString()).isEqualTo("alice"));
        assertThat(stored.of(SUBMIT, echoingTheRequest, "delayMs")).as("no column of its own").isEmpty();
        db.deleteAllTasks();
    }
}
