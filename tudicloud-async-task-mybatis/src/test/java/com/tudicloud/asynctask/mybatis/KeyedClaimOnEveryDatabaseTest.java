package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.testing.SupportedDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A keyed claim on MySQL or MariaDB and on H2: the cap of each key holds, and a key at its cap leaves the other keys
 * and the tasks without a key their turn; the next claim goes on after the last key the previous one took.
 */
class KeyedClaimOnEveryDatabaseTest {

    private static final String TYPE = "keyed.every-database";
    private static final ConcurrencyLimits TWO_PER_KEY = new ConcurrencyLimits(0, Map.of(), Map.of(TYPE, 2));

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aKeyAtItsCapLeavesTheOtherKeysTheirTurn(SupportedDatabase database) {
        DataSource dataSource = database.dataSource();
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        jdbc.update("DELETE FROM system_async_task WHERE task_type = ?", TYPE);
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            tasks.add(new NewTask(TYPE, "{}", 0, 0, 3, null, null, "big", null));
        }
        for (int key = 0; key < 6; key++) {
            tasks.add(new NewTask(TYPE, "{}", 0, 0, 3, null, null, "k" + key, null));
        }
        tasks.add(new NewTask(TYPE, "{}", 0, 0, 3, null, null));
        MyBatisStores stores = MyBatisStores.create(dataSource);
        stores.taskStore().insert(tasks);
        LeaseStore store = stores.leaseStore();

        List<String> first = keysOf(jdbc, store.claim(claim(4)));
        List<String> rest = keysOf(jdbc, store.claim(claim(20)));

        assertThat(first).hasSize(4).filteredOn("big"::equals).hasSize(2);
        // the other keys, and the task without a key, however long the full key's backlog ahead of them
        assertThat(rest).as("after the first claim").containsExactlyInAnyOrder("k2", "k3", "k4", "k5", "none");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task WHERE task_type = ? AND task_key = 'big'"
                + " AND status = 'RUNNING'", Long.class, TYPE)).isEqualTo(2);
    }

    private static ClaimRequest claim(int size) {
        return new ClaimRequest("w", Set.of(TYPE), size, Duration.ofMinutes(1), TWO_PER_KEY);
    }

    /** The claimed tasks' keys, "none" for a task without one. */
    private static List<String> keysOf(JdbcTemplate jdbc, List<ClaimedTask> claimed) {
        return claimed.stream().map(task -> jdbc.queryForObject(
                "SELECT COALESCE(task_key, 'none') FROM system_async_task WHERE id = ?", String.class, task.id())).toList();
    }
}
