package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.CancelOutcome;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.TaskView;
import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.CompletionReport;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.testing.SupportedDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One group with every kind of outcome, some on tasks whose cancel was requested, written by the one
 * statement on each database: MySQL and MariaDB assign SET columns from left to right, each seeing the
 * new values of the ones before, H2 sees the old values; the statement must mean the same on both.
 */
class EveryOutcomeTest {

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void everyKindOfOutcomeInOneGroup(SupportedDatabase database) {
        MyBatisStores stores = MyBatisStores.create(database.dataSource());
        JdbcTemplate jdbc = new JdbcTemplate(database.dataSource());
        jdbc.update("DELETE FROM system_async_task");
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
            tasks.add(new NewTask("mail", null, 0, 0, i == 7 ? 1 : 2, null, null));
        }
        stores.taskStore().insert(tasks);
        List<ClaimedTask> c = new ArrayList<>(stores.leaseStore().claim(
                new ClaimRequest("w", Set.of("mail"), 11, Duration.ofMillis(60_000), ConcurrencyLimits.NONE)));
        c.sort(Comparator.comparingLong(ClaimedTask::id));
        for (int cancelled : new int[]{5, 6, 8, 9}) {
            assertThat(stores.taskStore().cancel(c.get(cancelled).id())).isEqualTo(CancelOutcome.CANCEL_REQUESTED);
        }

        CompletionReport report = stores.leaseStore().complete("w", List.of(
                Completion.succeeded(c.get(0).id(), c.get(0).leaseToken(), "out-0"),
                Completion.failed(c.get(1).id(), c.get(1).leaseToken(), "bad input"),
                Completion.retry(c.get(2).id(), c.get(2).leaseToken(), "busy", 60_000),
                Completion.released(c.get(3).id(), c.get(3).leaseToken()),
                Completion.cancelled(c.get(4).id(), c.get(4).leaseToken()),          // no cancel requested: refused
                Completion.failed(c.get(5).id(), c.get(5).leaseToken(), "too late"),
                Completion.succeeded(c.get(6).id(), c.get(6).leaseToken(), null),
                Completion.retry(c.get(7).id(), c.get(7).leaseToken(), "last", 0),   // no attempt left
                Completion.released(c.get(8).id(), c.get(8).leaseToken()),
                Completion.cancelled(c.get(9).id(), c.get(9).leaseToken()),
                Completion.retry(c.get(10).id(), c.get(10).leaseToken(), "at once", 0)));

        assertThat(report.written()).isEqualTo(10);
        assertThat(report.rejected()).containsExactly(c.get(4).id());
        expect(stores, c.get(0), TaskStatus.SUCCESS, null, 1, true);
        assertThat(view(stores, c.get(0)).artifactId()).isEqualTo("out-0");
        assertThat(view(stores, c.get(0)).progress()).isEqualTo(100);
        expect(stores, c.get(1), TaskStatus.FAILED, "bad input", 1, true);
        expect(stores, c.get(2), TaskStatus.SCHEDULED, "busy", 1, false);
        expect(stores, c.get(3), TaskStatus.QUEUED, "released by a stopping worker", 0, false);
        expect(stores, c.get(4), TaskStatus.RUNNING, null, 1, false);
        expect(stores, c.get(5), TaskStatus.CANCELLED, "cancelled by request", 1, true);
        expect(stores, c.get(6), TaskStatus.SUCCESS, null, 1, true);
        expect(stores, c.get(7), TaskStatus.FAILED, "last", 1, true);
        expect(stores, c.get(8), TaskStatus.CANCELLED, "cancelled by request", 1, true);
        expect(stores, c.get(9), TaskStatus.CANCELLED, "cancelled by request", 1, true);
        expect(stores, c.get(10), TaskStatus.QUEUED, "at once", 1, false);
        long dueInSeconds = jdbc.queryForObject("SELECT TIMESTAMPDIFF(SECOND, NOW(3), available_at) FROM "
                + "system_async_task WHERE id = ?", Long.class, c.get(2).id());
        assertThat(dueInSeconds).isBetween(50L, 60L);
    }

    private static void expect(MyBatisStores stores, ClaimedTask task, TaskStatus status, String lastError,
                               int attempts, boolean finished) {
        TaskView view = view(stores, task);
        assertThat(view.status()).as("status of %d", task.id()).isEqualTo(status);
        assertThat(view.lastError()).as("last_error of %d", task.id()).isEqualTo(lastError);
        assertThat(view.attemptCount()).as("attempts of %d", task.id()).isEqualTo(attempts);
        assertThat(view.finishedAt() != null).as("finished_at of %d set", task.id()).isEqualTo(finished);
        if (status != TaskStatus.RUNNING) {
            assertThat(view.leaseUntil()).as("lease of %d", task.id()).isNull();
        }
    }

    private static TaskView view(MyBatisStores stores, ClaimedTask task) {
        return stores.taskStore().findById(task.id()).orElseThrow();
    }
}
