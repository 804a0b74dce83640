package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.MisfirePolicy;
import com.tudicloud.asynctask.api.OverlapPolicy;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.FirePlan;
import com.tudicloud.asynctask.api.spi.FiredSchedule;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.Schedule;
import com.tudicloud.asynctask.api.spi.ScheduleDefinition;
import com.tudicloud.asynctask.api.spi.ScheduleStore;
import com.tudicloud.asynctask.testing.SupportedDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The schedule store on every supported database: a due schedule is claimed, its task inserted under the
 * fire time's dedup key and the row advanced in one transaction; paused rows are never claimed; a failure
 * in the middle leaves nothing written; a fire time whose task exists already keeps it.
 */
class MyBatisScheduleStoreTest {

    private static ScheduleDefinition definition(String name) {
        return new ScheduleDefinition(name, null, Duration.ofMinutes(1), "UTC", "mail", "{\"to\":\"ops\"}", 3, 2,
                "team-7", MisfirePolicy.COALESCE, 1, OverlapPolicy.ALLOW);
    }

    private static String uniqueName() {
        return "s-" + UUID.randomUUID();
    }

    /** Fires exactly the claimed fire time and moves a minute on. */
    private static FirePlan fireOnce(com.tudicloud.asynctask.api.spi.DueSchedule due) {
        Instant fire = due.schedule().nextFireTime();
        return new FirePlan(List.of(fire), fire.plus(Duration.ofMinutes(1)), 0, 0, 0);
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aDueScheduleFiresItsTaskAndMovesOn(SupportedDatabase database) {
        ScheduleStore store = MyBatisStores.create(database.dataSource()).scheduleStore();
        String name = uniqueName();
        Instant now = store.databaseNow();
        Instant due = now.minusSeconds(5).truncatedTo(java.time.temporal.ChronoUnit.SECONDS).plusMillis(123);
        assertThat(store.create(definition(name), false, due)).isTrue();
        assertThat(store.create(definition(name), false, due)).as("second create of one name").isFalse();
        assertThat(store.nextFire().due()).isTrue();

        List<FiredSchedule> fired = store.fireDue(100, MyBatisScheduleStoreTest::fireOnce).stream()
                .filter(f -> f.name().equals(name)).toList();

        assertThat(fired).hasSize(1);
        long taskId = fired.get(0).taskIds().get(0);
        JdbcTemplate jdbc = new JdbcTemplate(database.dataSource());
        assertThat(jdbc.queryForObject("SELECT dedup_key FROM system_async_task WHERE id = ?", String.class, taskId))
                .isEqualTo(ScheduleStore.dedupKey(name, due));
        assertThat(jdbc.queryForObject("SELECT CONCAT(task_type, '|', payload, '|', priority, '|', max_attempts, '|', owner_id, '|', status)"
                + " FROM system_async_task WHERE id = ?", String.class, taskId)).isEqualTo("mail|{\"to\":\"ops\"}|3|2|team-7|QUEUED");
        Schedule after = store.find(name).orElseThrow();
        assertThat(after.nextFireTime()).isEqualTo(due.plus(Duration.ofMinutes(1)));
        assertThat(after.lastFireTime()).isEqualTo(due);
        assertThat(after.lastTaskId()).isEqualTo(taskId);
        assertThat(after.lastTaskStatus()).isEqualTo(TaskStatus.QUEUED);
        assertThat(store.fireDue(100, MyBatisScheduleStoreTest::fireOnce)).extracting(FiredSchedule::name)
                .as("not due any more").doesNotContain(name);
        store.delete(name);
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aFireTimeWhoseTaskExistsKeepsIt(SupportedDatabase database) {
        MyBatisStores stores = MyBatisStores.create(database.dataSource());
        ScheduleStore store = stores.scheduleStore();
        String name = uniqueName();
        Instant due = store.databaseNow().minusSeconds(1).truncatedTo(java.time.temporal.ChronoUnit.SECONDS).plusMillis(123);
        long existing = stores.taskStore().insert(List.of(new NewTask("mail", null, 0, 0, 1, null,
                ScheduleStore.dedupKey(name, due)))).get(0).taskId();
        store.create(definition(name), false, due);

        List<FiredSchedule> fired = store.fireDue(100, MyBatisScheduleStoreTest::fireOnce).stream()
                .filter(f -> f.name().equals(name)).toList();

        assertThat(fired.get(0).taskIds()).containsExactly(existing);
        assertThat(new JdbcTemplate(database.dataSource()).queryForObject(
                "SELECT COUNT(*) FROM system_async_task WHERE dedup_key = ?", Long.class, ScheduleStore.dedupKey(name, due)))
                .isEqualTo(1);
        assertThat(store.find(name).orElseThrow().nextFireTime()).isAfter(due);
        store.delete(name);
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aRoundThatFailsWritesNothing(SupportedDatabase database) {
        ScheduleStore store = MyBatisStores.create(database.dataSource()).scheduleStore();
        String name = uniqueName();
        Instant due = store.databaseNow().minusSeconds(1).truncatedTo(java.time.temporal.ChronoUnit.SECONDS).plusMillis(123);
        store.create(definition(name), false, due);

        assertThatThrownBy(() -> store.fireDue(100, d -> {
            if (d.schedule().name().equals(name)) {
                throw new IllegalStateException("scheduler died mid-round");
            }
            return fireOnce(d);
        })).hasMessageContaining("died");

        assertThat(store.find(name).orElseThrow().nextFireTime()).isEqualTo(due);
        assertThat(new JdbcTemplate(database.dataSource()).queryForObject(
                "SELECT COUNT(*) FROM system_async_task WHERE dedup_key = ?", Long.class, ScheduleStore.dedupKey(name, due)))
                .isZero();
        assertThat(store.fireDue(100, MyBatisScheduleStoreTest::fireOnce)).extracting(FiredSchedule::name).contains(name);
        store.delete(name);
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aPausedScheduleIsNeverClaimedAndResumesAtTheGivenTime(SupportedDatabase database) {
        ScheduleStore store = MyBatisStores.create(database.dataSource()).scheduleStore();
        String name = uniqueName();
        Instant due = store.databaseNow().minusSeconds(30).truncatedTo(java.time.temporal.ChronoUnit.SECONDS).plusMillis(123);
        store.create(definition(name), true, due);

        assertThat(store.fireDue(100, MyBatisScheduleStoreTest::fireOnce)).extracting(FiredSchedule::name).doesNotContain(name);
        assertThat(store.pause(name)).as("pausing a paused schedule").isFalse();
        Instant resumeAt = due.plus(Duration.ofHours(1));
        assertThat(store.resume(name, resumeAt)).isTrue();
        assertThat(store.resume(name, resumeAt)).as("resuming a running schedule").isFalse();
        Schedule resumed = store.find(name).orElseThrow();
        assertThat(resumed.paused()).isFalse();
        assertThat(resumed.nextFireTime()).isEqualTo(resumeAt);
        assertThat(store.pause(name)).isTrue();
        assertThat(store.find(name).orElseThrow().pausedAt()).isNotNull();
        assertThat(store.delete(name)).isTrue();
        assertThat(store.delete(name)).isFalse();
        assertThat(store.pause(name)).isFalse();
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void anUpdateKeepsPauseAndHistoryAndATriggerBecomesTheLastTask(SupportedDatabase database) {
        ScheduleStore store = MyBatisStores.create(database.dataSource()).scheduleStore();
        String name = uniqueName();
        Instant next = store.databaseNow().plus(Duration.ofDays(1)).truncatedTo(java.time.temporal.ChronoUnit.SECONDS).plusMillis(123);
        store.create(definition(name), true, next);
        ScheduleDefinition edited = new ScheduleDefinition(name, "0 0 3 * * *", null, "Asia/Shanghai", "report", null,
                -4, 9, null, MisfirePolicy.FIRE_EACH, 12, OverlapPolicy.SKIP);

        assertThat(store.update(edited, null)).isTrue();
        assertThat(store.update(definition(uniqueName()), null)).as("no such schedule").isFalse();
        long triggered = store.trigger(name, "ann").orElseThrow();

        Schedule after = store.find(name).orElseThrow();
        assertThat(after.definition()).isEqualTo(edited);
        assertThat(after.paused()).isTrue();
        assertThat(after.nextFireTime()).isEqualTo(next);
        assertThat(after.lastTaskId()).isEqualTo(triggered);
        assertThat(after.lastTaskStatus()).isEqualTo(TaskStatus.QUEUED);
        assertThat(store.trigger(uniqueName(), "ann")).isEmpty();
        store.delete(name);
    }
}
