package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.MisfirePolicy;
import com.tudicloud.asynctask.api.OverlapPolicy;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.DueSchedule;
import com.tudicloud.asynctask.api.spi.FirePlan;
import com.tudicloud.asynctask.api.spi.FiredSchedule;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.ScheduleDefinition;
import com.tudicloud.asynctask.api.spi.ScheduleStore;
import com.tudicloud.asynctask.api.spi.TaskEvent;
import com.tudicloud.asynctask.api.spi.TaskEventMode;
import com.tudicloud.asynctask.api.spi.TaskEventType;
import com.tudicloud.asynctask.testing.SupportedDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A task a schedule submits starts its history with SCHEDULE_FIRED, written in the fire's transaction for
 * the tasks the fire inserted and no others; an operator's trigger names the operator and the schedule.
 */
class ScheduleEventsTest {

    private static final Duration STEP = Duration.ofMinutes(1);

    private static ScheduleDefinition definition(String name) {
        return new ScheduleDefinition(name, null, STEP, "UTC", "mail", null, 0, 3, null,
                MisfirePolicy.FIRE_EACH, 3, OverlapPolicy.ALLOW);
    }

    /** Three fire times from the claimed one, as FIRE_EACH does after a long pause. */
    private static FirePlan fireThree(DueSchedule due) {
        Instant first = due.schedule().nextFireTime();
        return new FirePlan(List.of(first, first.plus(STEP), first.plus(STEP.multipliedBy(2))),
                first.plus(STEP.multipliedBy(3)), 2, 0, 0);
    }

    private static Instant dueNow(ScheduleStore store) {
        return store.databaseNow().minusSeconds(1).truncatedTo(ChronoUnit.SECONDS).plusMillis(123);
    }

    private static List<Long> fire(ScheduleStore store, String name) {
        return store.fireDue(100, ScheduleEventsTest::fireThree).stream().filter(f -> f.name().equals(name))
                .findFirst().map(FiredSchedule::taskIds).orElseThrow();
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aFireRecordsOneEventPerTaskItInsertedAndNoneForATaskThatExisted(SupportedDatabase database) {
        MyBatisStores stores = MyBatisStores.create(database.dataSource());
        ScheduleStore store = stores.scheduleStore();
        String name = "s-" + UUID.randomUUID();
        Instant due = dueNow(store);
        long existing = stores.taskStore().insert(List.of(new NewTask("mail", null, 0, 0, 1, null,
                ScheduleStore.dedupKey(name, due.plus(STEP))))).get(0).taskId();
        store.create(definition(name), false, due);

        List<Long> taskIds = fire(store, name);

        assertThat(taskIds).hasSize(3).contains(existing);
        assertThat(stores.adminStore().events(existing, 10)).as("the task of a fire time that had one").isEmpty();
        for (long inserted : List.of(taskIds.get(0), taskIds.get(2))) {
            List<TaskEvent> events = stores.adminStore().events(inserted, 10);
            assertThat(events).extracting(TaskEvent::type).containsExactly(TaskEventType.SCHEDULE_FIRED);
            assertThat(events.get(0).actor()).isEqualTo("schedule:" + name);
            assertThat(events.get(0).message()).isNull();
            assertThat(events.get(0).status()).isEqualTo(TaskStatus.QUEUED);
            assertThat(events.get(0).attempt()).isZero();
        }
        assertThat(eventsBy(database, "schedule:" + name)).isEqualTo(2);
        store.delete(name);
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aFireWhoseTasksAllExistedRecordsNothing(SupportedDatabase database) {
        MyBatisStores stores = MyBatisStores.create(database.dataSource());
        ScheduleStore store = stores.scheduleStore();
        String name = "s-" + UUID.randomUUID();
        Instant due = dueNow(store);
        List<NewTask> existing = List.of(due, due.plus(STEP), due.plus(STEP.multipliedBy(2))).stream()
                .map(fireTime -> new NewTask("mail", null, 0, 0, 1, null, ScheduleStore.dedupKey(name, fireTime))).toList();
        stores.taskStore().insert(existing);
        store.create(definition(name), false, due);

        assertThat(fire(store, name)).hasSize(3);

        assertThat(eventsBy(database, "schedule:" + name)).isZero();
        store.delete(name);
    }

    @ParameterizedTest
    @EnumSource(TaskEventMode.class)
    void everyModeButOffRecordsAFire(TaskEventMode mode) {
        SupportedDatabase database = SupportedDatabase.MYSQL_OR_MARIADB;
        ScheduleStore store = MyBatisStores.create(database.dataSource(), mode).scheduleStore();
        String name = "s-" + UUID.randomUUID();
        store.create(definition(name), false, dueNow(store));

        assertThat(fire(store, name)).hasSize(3);

        assertThat(eventsBy(database, "schedule:" + name)).isEqualTo(mode == TaskEventMode.OFF ? 0 : 3);
        store.delete(name);
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aTriggerNamesWhoAskedAndTheSchedule(SupportedDatabase database) {
        MyBatisStores stores = MyBatisStores.create(database.dataSource());
        ScheduleStore store = stores.scheduleStore();
        String name = "s-" + UUID.randomUUID();
        store.create(definition(name), true, store.databaseNow().plus(Duration.ofDays(1)));

        long byOperator = store.trigger(name, "运维-ann").orElseThrow();
        long byCode = store.trigger(name, null).orElseThrow();

        TaskEvent operators = stores.adminStore().events(byOperator, 10).get(0);
        assertThat(operators.type()).isEqualTo(TaskEventType.SCHEDULE_FIRED);
        assertThat(operators.actor()).isEqualTo("运维-ann");
        assertThat(operators.message()).isEqualTo("schedule:" + name);
        TaskEvent codes = stores.adminStore().events(byCode, 10).get(0);
        assertThat(codes.actor()).isNull();
        assertThat(codes.message()).isEqualTo("schedule:" + name);
        assertThat(stores.adminStore().events(byOperator, 10)).hasSize(1);
        store.delete(name);
    }

    private static long eventsBy(SupportedDatabase database, String actor) {
        return new JdbcTemplate(database.dataSource()).queryForObject(
                "SELECT COUNT(*) FROM system_async_task_event WHERE event_type = 'SCHEDULE_FIRED' AND actor = ?",
                Long.class, actor);
    }
}
