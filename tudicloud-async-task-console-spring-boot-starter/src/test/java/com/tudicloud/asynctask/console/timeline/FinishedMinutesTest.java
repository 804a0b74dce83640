package com.tudicloud.asynctask.console.timeline;

import com.tudicloud.asynctask.api.spi.FinishedPerMinute;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import java.lang.reflect.Proxy;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The per-minute counts on the real database, and that a minute once closed is not read again. */
class FinishedMinutesTest {

    private final TestDatabase db = TestDatabase.get();
    private final MyBatisStores stores = MyBatisStores.create(db.dataSource());
    private final JdbcTemplate jdbc = new JdbcTemplate(db.dataSource());
    /** What the cache asked the store for, minutes per read. */
    private final List<Integer> reads = new ArrayList<>();
    private final AtomicLong nanos = new AtomicLong();
    private final FinishedMinutes finished = new FinishedMinutes(recording(stores.adminStore()), nanos::get);

    @BeforeEach
    void emptyTable() {
        db.deleteAllTasks();
    }

    @Test
    void theFirstReadCountsTheWholeHourByOutcome() {
        finishedAgo("SUCCESS", 0);
        finishedAgo("SUCCESS", 0);
        finishedAgo("FAILED", 0);
        finishedAgo("CANCELLED", 30);
        finishedAgo("SUCCESS", 90);   // before the hour

        FinishedMinutes.Window hour = finished.last(60);

        assertThat(reads).containsExactly(60);
        assertThat(hour.minutes()).hasSize(60);
        assertThat(hour.minutes().get(59).start()).isEqualTo(hour.databaseNow().truncatedTo(ChronoUnit.MINUTES));
        assertThat(hour.minutes()).isSortedAccordingTo((a, b) -> a.start().compareTo(b.start()));
        assertThat(hour.minutes().stream().mapToLong(FinishedMinutes.Minute::success).sum()).isEqualTo(2);
        assertThat(hour.minutes().stream().mapToLong(FinishedMinutes.Minute::failed).sum()).isEqualTo(1);
        assertThat(hour.minutes().stream().mapToLong(FinishedMinutes.Minute::cancelled).sum()).isEqualTo(1);
        assertThat(finished.last(5).minutes()).hasSize(5)
                .allSatisfy(minute -> assertThat(minute.cancelled()).isZero());
    }

    @Test
    void closedMinutesAreKeptAndOnlyTheRecentOnesAreReadAgain() {
        finishedAgo("SUCCESS", 10);
        finished.last(60);

        // a row appears in a closed minute after it was read: a retention run cannot rewrite history either
        finishedAgo("FAILED", 10);
        finishedAgo("SUCCESS", 0);
        nanos.addAndGet(5_000_000_000L);
        FinishedMinutes.Window again = finished.last(60);

        assertThat(reads).hasSize(2);
        assertThat(reads.get(1)).as("minutes read the second time").isBetween(3, 4);
        assertThat(again.minutes().stream().mapToLong(FinishedMinutes.Minute::failed).sum()).isZero();
        assertThat(again.minutes().stream().mapToLong(FinishedMinutes.Minute::success).sum()).isEqualTo(2);
    }

    @Test
    void anIdleHourIsReadWhole() {
        finished.last(60);
        nanos.addAndGet(3 * 3_600_000_000_000L);

        finished.last(60);

        assertThat(reads).containsExactly(60, 60);
    }

    @Test
    void theWindowIsOneToSixtyMinutes() {
        assertThatThrownBy(() -> finished.last(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> finished.last(61)).isInstanceOf(IllegalArgumentException.class);
        assertThat(reads).isEmpty();
    }

    private void finishedAgo(String status, int minutes) {
        long id = stores.taskStore().insert(List.of(new NewTask("mail", null, 0, 0, 1, null, null))).get(0).taskId();
        jdbc.update("UPDATE system_async_task SET status = ?, finished_at = TIMESTAMPADD(MINUTE, ?, NOW(3)) WHERE id = ?",
                status, -minutes, id);
    }

    /** The real store, noting the minutes of every finishedPerMinute call. */
    private TaskAdminStore recording(TaskAdminStore store) {
        return (TaskAdminStore) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {TaskAdminStore.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("finishedPerMinute")) {
                        reads.add((Integer) args[0]);
                    }
                    return method.invoke(store, args);
                });
    }
}
