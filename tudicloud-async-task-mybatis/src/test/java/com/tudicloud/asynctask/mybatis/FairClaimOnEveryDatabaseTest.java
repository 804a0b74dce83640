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
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A fair claim on MySQL or MariaDB and on H2: key A's 1,000 tasks are first in claim order, keys B to K have one
 * task each; a claim of 16 of a fair type takes A's first task and every one of B to K's before A's second, while
 * a type that is not fair takes A's first 16 in plain claim order, and a fair type under a per-key cap stops at
 * the cap.
 */
class FairClaimOnEveryDatabaseTest {

    private static final String FAIR = "fair.every-database";
    private static final String PLAIN = "plain.every-database";
    private static final List<String> SMALL_KEYS = IntStream.rangeClosed('B', 'K').mapToObj(c -> String.valueOf((char) c))
            .toList();

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aFairClaimTakesEveryKeysTurnBeforeTheBigKeysRest(SupportedDatabase database) {
        DataSource dataSource = database.dataSource();
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        MyBatisStores stores = MyBatisStores.create(dataSource);
        List<Long> bigKeysTasks = fill(jdbc, stores, FAIR);
        LeaseStore store = stores.leaseStore();

        List<ClaimedTask> claimed = store.claim(new ClaimRequest("w", Set.of(FAIR), 16, Duration.ofMinutes(1),
                new ConcurrencyLimits(0, Map.of(), Map.of(), Map.of(), Set.of(FAIR))));
        List<String> keys = keysOf(jdbc, claimed);

        assertThat(keys).hasSize(16);
        // the first round: one task of each key, A's first; then A's next tasks, the only key with more
        assertThat(keys.subList(0, 11)).containsExactlyInAnyOrderElementsOf(withA(SMALL_KEYS));
        assertThat(keys.subList(11, 16)).containsOnly("A");
        assertThat(claimed.stream().map(ClaimedTask::id).filter(bigKeysTasks::contains).toList())
                .as("priorities and claim order still hold within a key").isEqualTo(bigKeysTasks.subList(0, 6));
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aFairTypeUnderAPerKeyCapTakesNoMoreOfAKeyThanItsCap(SupportedDatabase database) {
        DataSource dataSource = database.dataSource();
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        MyBatisStores stores = MyBatisStores.create(dataSource);
        fill(jdbc, stores, FAIR);

        List<String> keys = keysOf(jdbc, stores.leaseStore().claim(new ClaimRequest("w", Set.of(FAIR), 16,
                Duration.ofMinutes(1), new ConcurrencyLimits(0, Map.of(), Map.of(FAIR, 2), Map.of(), Set.of(FAIR)))));

        assertThat(keys.subList(0, 11)).containsExactlyInAnyOrderElementsOf(withA(SMALL_KEYS));
        assertThat(keys.subList(11, keys.size())).as("A's second task, and no more: its cap").containsExactly("A");
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aTypeThatIsNotFairKeepsPlainClaimOrder(SupportedDatabase database) {
        DataSource dataSource = database.dataSource();
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        MyBatisStores stores = MyBatisStores.create(dataSource);
        List<Long> bigKeysTasks = fill(jdbc, stores, PLAIN);

        List<ClaimedTask> claimed = stores.leaseStore().claim(new ClaimRequest("w", Set.of(PLAIN), 16,
                Duration.ofMinutes(1), new ConcurrencyLimits(0, Map.of(), Map.of(), Map.of(), Set.of(FAIR))));

        assertThat(claimed.stream().map(ClaimedTask::id).toList()).isEqualTo(bigKeysTasks.subList(0, 16));
    }

    /** Key A's 1,000 tasks, then one of each of B to K; returns A's tasks in claim order. */
    private static List<Long> fill(JdbcTemplate jdbc, MyBatisStores stores, String type) {
        jdbc.update("DELETE FROM system_async_task WHERE task_type = ?", type);
        List<NewTask> big = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            big.add(new NewTask(type, "{}", 0, 0, 3, null, null, "A", null));
        }
        stores.taskStore().insert(big);
        stores.taskStore().insert(SMALL_KEYS.stream()
                .map(key -> new NewTask(type, "{}", 0, 0, 3, null, null, key, null)).toList());
        return jdbc.queryForList("SELECT id FROM system_async_task WHERE task_type = ? AND task_key = 'A'"
                + " ORDER BY priority DESC, available_at, id", Long.class, type);
    }

    private static List<String> withA(List<String> keys) {
        List<String> all = new ArrayList<>(keys);
        all.add("A");
        return all;
    }

    private static List<String> keysOf(JdbcTemplate jdbc, List<ClaimedTask> claimed) {
        return claimed.stream().map(task -> jdbc.queryForObject(
                "SELECT task_key FROM system_async_task WHERE id = ?", String.class, task.id())).toList();
    }
}
