package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.PauseCheck;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A claim asks its pause check only once it has found tasks, with their types, and takes none of a paused
 * type's: they stay QUEUED for the claims after the resume. Under caps as without.
 */
class PausedClaimTest {

    private final TestDatabase db = TestDatabase.get();
    private final MyBatisStores stores = MyBatisStores.create(db.dataSource());
    private final TaskRows rows = new TaskRows(db.dataSource());
    private final List<Set<String>> asked = new ArrayList<>();

    @BeforeEach
    void tenOfEachType() {
        db.deleteAllTasks();
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            tasks.add(new NewTask("mail", null, 0, 0, 3, null, null));
            tasks.add(new NewTask("report", null, 5, 0, 3, null, null));
        }
        stores.taskStore().insert(tasks);
    }

    @Test
    void tasksOfAPausedTypeAreLeftQueuedAndTheOthersTaken() {
        List<ClaimedTask> claimed = stores.leaseStore().claim(request(Set.of("mail", "report"), ConcurrencyLimits.NONE,
                pausing("report")));

        assertThat(claimed).hasSize(10).allMatch(task -> task.taskType().equals("mail"));
        assertThat(asked).containsExactly(Set.of("mail", "report"));
        assertThat(rows.count("QUEUED")).isEqualTo(10);
        assertThat(stores.leaseStore().claim(request(Set.of("mail", "report"), ConcurrencyLimits.NONE, PauseCheck.NONE)))
                .hasSize(10).allMatch(task -> task.taskType().equals("report"));
    }

    @Test
    void underCapsTooAndAClaimThatFindsNothingNeverAsks() {
        List<ClaimedTask> claimed = stores.leaseStore().claim(request(Set.of("mail", "report"),
                new ConcurrencyLimits(15, java.util.Map.of("mail", 4)), pausing("report")));
        assertThat(claimed).hasSize(4).allMatch(task -> task.taskType().equals("mail"));

        asked.clear();
        assertThat(stores.leaseStore().claim(request(Set.of("sms"), ConcurrencyLimits.NONE, pausing("sms")))).isEmpty();
        assertThat(asked).isEmpty();
    }

    private PauseCheck pausing(String type) {
        return types -> {
            asked.add(types);
            return types.contains(type) ? Set.of(type) : Set.of();
        };
    }

    private static ClaimRequest request(Set<String> types, ConcurrencyLimits limits, PauseCheck pauses) {
        return new ClaimRequest("w", types, 20, Duration.ofMillis(60_000), limits, pauses);
    }
}
