package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.SubmittedTask;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.TaskStore;
import com.tudicloud.asynctask.testing.SupportedDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A dedup key matches only itself, case and accents included, on every database the project supports.
 * MySQL and MariaDB get there by the column's binary collation (their default one would take 'Key' for
 * 'key' and 'e' for 'é'); H2, where that changeset does not apply, compares VARCHAR values exactly by
 * default, MySQL mode included. Both binary collations still ignore trailing spaces, which is why
 * TaskRequest refuses a key that starts or ends with white space.
 */
class ExactDedupKeysTest {

    private static final String TYPE = "dedup.exact";

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void keysThatDifferOnlyInCaseOrAccentsAreDifferentKeys(SupportedDatabase database) {
        DataSource dataSource = database.dataSource();
        new JdbcTemplate(dataSource).update("DELETE FROM system_async_task WHERE task_type = ?", TYPE);
        TaskStore tasks = MyBatisStores.create(dataSource).taskStore();

        List<String> keys = List.of("order-7", "Order-7", "ORDER-7", "ordér-7", "order-７");
        List<SubmittedTask> first = tasks.insert(keys.stream().map(ExactDedupKeysTest::task).toList());
        List<SubmittedTask> again = tasks.insert(keys.stream().map(ExactDedupKeysTest::task).toList());

        assertThat(first).as("each key makes a task of its own").allMatch(SubmittedTask::created)
                .extracting(SubmittedTask::taskId).doesNotHaveDuplicates();
        assertThat(again).as("each key finds its own task again").noneMatch(SubmittedTask::created)
                .extracting(SubmittedTask::taskId).containsExactlyElementsOf(first.stream().map(SubmittedTask::taskId).toList());
    }

    private static NewTask task(String dedupKey) {
        return new NewTask(TYPE, "{}", 0, 0, 3, null, dedupKey);
    }
}
