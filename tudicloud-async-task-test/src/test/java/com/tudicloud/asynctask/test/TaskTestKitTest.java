package com.tudicloud.asynctask.test;

import com.tudicloud.asynctask.api.SubmittedTask;
import com.tudicloud.asynctask.api.TaskChain;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.testing.SupportedDatabase;
import com.tudicloud.asynctask.worker.WorkerConfig;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;

import static com.tudicloud.asynctask.api.TaskStatus.FAILED;
import static com.tudicloud.asynctask.api.TaskStatus.QUEUED;
import static com.tudicloud.asynctask.api.TaskStatus.RUNNING;
import static com.tudicloud.asynctask.api.TaskStatus.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The kit on the test server (MySQL or MariaDB) and on H2: tasks run when the test says so, in its thread, and
 * each assertion passes on the task it describes and fails, saying what the task is, on one it does not.
 */
class TaskTestKitTest {

    private static TaskTestKit kit(SupportedDatabase database) {
        DataSource dataSource = database.dataSource();
        execute(dataSource, "DELETE FROM system_async_task");
        return TaskTestKit.on(dataSource, new ScriptedHandler());
    }

    private static long submit(TaskTestKit kit, String... attempts) {
        return kit.client().submit(TaskRequest.of(ScriptedHandler.TYPE, ScriptedHandler.Script.of(attempts))).taskId();
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aTaskRunsWhenTheWorkerIsToldToAndTheAssertionsDescribeIt(SupportedDatabase database) {
        TaskTestKit kit = kit(database);
        long id = submit(kit, "ok:done");

        kit.assertThatTask(id).exists().hasStatus(QUEUED).hasAttempts(0).hasHistory();
        assertThat(kit.worker().runDue()).isOne();

        kit.assertThatTask(id).hasStatus(SUCCESS).succeededWith("done").hasAttempts(1).hasProgress(100)
                .hasProgress(100, "attempt 1").hasHistory(RUNNING, SUCCESS);
        assertThat(kit.assertThatTask(id).task().artifactId()).isEqualTo("done");
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aChainRunsInOrderAndAFailedStepCancelsTheRest(SupportedDatabase database) {
        TaskTestKit kit = kit(database);
        List<SubmittedTask> steps = kit.client().submitChain(TaskChain.of(step("ok:one")).then(step("ok:two"))
                .then(step("fail:three")).then(step("ok:four")));
        kit.assertThatTask(steps.get(1).taskId()).hasStatus(TaskStatus.WAITING);

        assertThat(kit.worker().runDue()).isEqualTo(3);

        kit.assertThatTask(steps.get(0).taskId()).succeededWith("one");
        kit.assertThatTask(steps.get(1).taskId()).succeededWith("two");
        kit.assertThatTask(steps.get(2).taskId()).hasStatus(FAILED);
        assertThat(kit.assertThatTask(steps.get(3).taskId()).hasStatus(TaskStatus.CANCELLED).task().lastError())
                .isEqualTo("dependency " + steps.get(2).taskId() + " ended FAILED");
        assertThat(kit.assertThatTask(steps.get(1).taskId()).task().startedAt())
                .isAfterOrEqualTo(kit.assertThatTask(steps.get(0).taskId()).task().finishedAt());
    }

    private static TaskRequest step(String... attempts) {
        return TaskRequest.of(ScriptedHandler.TYPE, ScriptedHandler.Script.of(attempts)).withMaxAttempts(1);
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aRetryDueAtOnceRunsInTheSameCallAndTheHistoryShowsBothAttempts(SupportedDatabase database) {
        TaskTestKit kit = kit(database);
        long id = submit(kit, "retry:busy", "ok:second");

        assertThat(kit.worker().runDue()).isEqualTo(2);

        kit.assertThatTask(id).succeededWith("second").hasAttempts(2).hasProgress(100, "attempt 2")
                .hasHistory(RUNNING, QUEUED, RUNNING, SUCCESS);
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aFailureEndsTheTaskWithItsReason(SupportedDatabase database) {
        TaskTestKit kit = kit(database);
        long id = submit(kit, "fail:bad input");

        kit.worker().runDue();

        kit.assertThatTask(id).hasStatus(FAILED).failedWithErrorContaining("bad input").hasAttempts(1)
                .hasProgress(10, "attempt 1").hasHistory(RUNNING, FAILED);
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void theWorkersSettingsApplyAndDrainWaitsForARetryAfterItsBackoff(SupportedDatabase database)
            throws InterruptedException {
        DataSource dataSource = database.dataSource();
        execute(dataSource, "DELETE FROM system_async_task");
        TaskTestKit kit = TaskTestKit.on(dataSource,
                WorkerConfig.builder().initialBackoff(Duration.ofMillis(50)).jitter(0).build(), new ScriptedHandler());
        long id = submit(kit, "throw:flaky", "throw:flaky", "throw:flaky");

        assertThat(kit.worker().drain(Duration.ofSeconds(2))).isEqualTo(3);

        kit.assertThatTask(id).failedWithErrorContaining("flaky").hasAttempts(3)
                .hasHistory(RUNNING, TaskStatus.SCHEDULED, RUNNING, TaskStatus.SCHEDULED, RUNNING, FAILED);
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void eachAssertionFailsOnATaskItDoesNotDescribeSayingWhatTheTaskIs(SupportedDatabase database) {
        TaskTestKit kit = kit(database);
        long succeeded = submit(kit, "ok:done");
        long failed = submit(kit, "fail:bad input");
        kit.worker().runDue();
        long queued = submit(kit, "ok:later");
        String ok = "Expected task " + succeeded + " (kit.scripted) ";
        String bad = "Expected task " + failed + " (kit.scripted) ";
        String waiting = "Expected task " + queued + " (kit.scripted) ";

        assertThatThrownBy(() -> kit.assertThatTask(Long.MAX_VALUE).exists()).isInstanceOf(AssertionError.class)
                .hasMessage("Expected task " + Long.MAX_VALUE + " to exist, but there is no task " + Long.MAX_VALUE);
        assertThatThrownBy(() -> kit.assertThatTask(Long.MAX_VALUE).hasStatus(SUCCESS)).isInstanceOf(AssertionError.class)
                .hasMessage("Expected task " + Long.MAX_VALUE + " to exist, but there is no task " + Long.MAX_VALUE);
        assertThatThrownBy(() -> kit.assertThatTask(failed).hasStatus(SUCCESS)).isInstanceOf(AssertionError.class)
                .hasMessage(bad + "to be SUCCESS, but it is FAILED (attempt 1 of 3) with the error \"bad input\"");
        assertThatThrownBy(() -> kit.assertThatTask(succeeded).succeededWith("other")).isInstanceOf(AssertionError.class)
                .hasMessage(ok + "to have succeeded with \"other\", but it succeeded with \"done\"");
        assertThatThrownBy(() -> kit.assertThatTask(failed).succeededWith("done")).isInstanceOf(AssertionError.class)
                .hasMessage(bad + "to have succeeded with \"done\", but it is FAILED (attempt 1 of 3) with the error \"bad input\"");
        assertThatThrownBy(() -> kit.assertThatTask(succeeded).failedWithErrorContaining("bad"))
                .isInstanceOf(AssertionError.class)
                .hasMessage(ok + "to have failed with an error containing \"bad\", but it is SUCCESS (attempt 1 of 3)");
        assertThatThrownBy(() -> kit.assertThatTask(failed).failedWithErrorContaining("timeout"))
                .isInstanceOf(AssertionError.class)
                .hasMessage(bad + "to have failed with an error containing \"timeout\", but its error is \"bad input\"");
        assertThatThrownBy(() -> kit.assertThatTask(succeeded).hasAttempts(2)).isInstanceOf(AssertionError.class)
                .hasMessage(ok + "to have had 2 attempt(s), but it had 1 (SUCCESS (attempt 1 of 3))");
        assertThatThrownBy(() -> kit.assertThatTask(failed).hasProgress(100)).isInstanceOf(AssertionError.class)
                .hasMessage(bad + "to have progress 100, but it reported 10 \"attempt 1\"");
        assertThatThrownBy(() -> kit.assertThatTask(failed).hasProgress(10, "done")).isInstanceOf(AssertionError.class)
                .hasMessage(bad + "to have progress 10 \"done\", but it reported 10 \"attempt 1\"");
        assertThatThrownBy(() -> kit.assertThatTask(queued).hasProgress(0)).isInstanceOf(AssertionError.class)
                .hasMessage(waiting + "to have progress 0, but it reported none");
        assertThatThrownBy(() -> kit.assertThatTask(succeeded).hasHistory(RUNNING, FAILED)).isInstanceOf(AssertionError.class)
                .hasMessage(ok + "to have the history [RUNNING, FAILED], but its events are "
                        + "[CLAIMED -> RUNNING, SUCCEEDED -> SUCCESS]");
        assertThatThrownBy(() -> kit.assertThatTask(queued).hasHistory(RUNNING)).isInstanceOf(AssertionError.class)
                .hasMessage(waiting + "to have the history [RUNNING], but its events are none");
    }

    static void execute(DataSource dataSource, String sql) {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }
}
