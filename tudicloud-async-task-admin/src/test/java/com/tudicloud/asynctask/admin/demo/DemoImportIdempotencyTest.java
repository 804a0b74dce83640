package com.tudicloud.asynctask.admin.demo;

import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.testing.DatabaseServer;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The idempotent import handler on the real database, with the admin changelog applied: a task run
 * again, one after the other or at the same time, leaves exactly one import record.
 */
class DemoImportIdempotencyTest {

    private static final AtomicLong TASK_IDS = new AtomicLong(1000);

    private static HikariDataSource dataSource;
    private static DemoImportRecords records;
    private static JdbcTemplate jdbc;
    private static TransactionTemplate transaction;

    @BeforeAll
    static void createSchema() throws Exception {
        DatabaseServer server = TestDatabase.get().server();
        dataSource = server.dataSource(server.recreateScratchDatabase("demo_import"), 4);
        AdminChangelog.apply(dataSource);
        records = new JdbcDemoImportRecords(dataSource);
        jdbc = new JdbcTemplate(dataSource);
        transaction = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
    }

    @AfterAll
    static void closePool() {
        dataSource.close();
    }

    @Test
    void aTaskRunAgainImportsOnce() throws Exception {
        long taskId = TASK_IDS.incrementAndGet();
        ImportTaskHandler handler = new ImportTaskHandler(new DemoImportLedger(records, transaction), Duration.ZERO);

        TaskResult first = handler.execute(importContext(taskId, 1), new ImportPayload(100));
        TaskResult again = handler.execute(importContext(taskId, 2), new ImportPayload(100));

        assertThat(first).isEqualTo(TaskResult.success("demo_import_record:" + taskId));
        assertThat(again).isEqualTo(first);
        assertThat(recordsOf(jdbc, taskId)).isEqualTo(1);
        DemoImportRecord record = records.findByTaskId(taskId).orElseThrow();
        assertThat(record.attempt()).as("the record of the first execution stays").isEqualTo(1);
        assertThat(record.idempotencyKey()).isEqualTo("demo.import:" + taskId);
        assertThat(record.rowCount()).isEqualTo(100);
        assertThat(record.ownerId()).isEqualTo("alice");
        assertThat(record.importedAt()).isNotNull();
    }

    /** Both executions pass the check before either inserts: the primary key must stop the second. */
    @Test
    void twoExecutionsAtTheSameTimeImportOnce() throws Exception {
        long taskId = TASK_IDS.incrementAndGet();
        BothCheckBeforeEitherInserts racing = new BothCheckBeforeEitherInserts(records);
        ImportTaskHandler handler = new ImportTaskHandler(new DemoImportLedger(racing, transaction), Duration.ZERO);

        runTwiceAtOnce(handler, taskId);
        assertThat(racing.inserts).as("both executions found no record and tried to insert").hasValue(2);
        assertThat(recordsOf(jdbc, taskId)).isEqualTo(1);
    }

    /**
     * The same race through a ledger whose table lacks the key: both executions import. This is what the
     * fault suite's count of import records per task would show, and why the key, not the check before the
     * insert, is what keeps a side effect once.
     */
    @Test
    void withoutTheKeyTwoExecutionsAtTheSameTimeImportTwice() throws Exception {
        DatabaseServer server = TestDatabase.get().server();
        try (HikariDataSource unkeyed = server.dataSource(server.recreateScratchDatabase("demo_import_unkeyed"), 4)) {
            AdminChangelog.apply(unkeyed);
            new JdbcTemplate(unkeyed).execute("ALTER TABLE demo_import_record DROP PRIMARY KEY, ADD INDEX (task_id)");
            long taskId = TASK_IDS.incrementAndGet();
            BothCheckBeforeEitherInserts racing = new BothCheckBeforeEitherInserts(new JdbcDemoImportRecords(unkeyed));
            ImportTaskHandler handler = new ImportTaskHandler(new DemoImportLedger(racing,
                    new TransactionTemplate(new DataSourceTransactionManager(unkeyed))), Duration.ZERO);

            runTwiceAtOnce(handler, taskId);

            long records = recordsOf(new JdbcTemplate(unkeyed), taskId);
            System.out.println("IMPORT injected ledger without its key: task " + taskId + " has " + records + " records");
            assertThat(records).as("import records of one task, no key to refuse the second").isEqualTo(2);
        }
    }

    @Test
    void theLedgerTellsWhichCallRecorded() {
        long taskId = TASK_IDS.incrementAndGet();
        DemoImportLedger ledger = new DemoImportLedger(records, transaction);
        DemoImportRecord record = DemoImportRecord.toWrite(taskId, "demo.import:" + taskId, "bob", 5, 1);

        assertThat(ledger.recordOnce(record)).isTrue();
        assertThat(ledger.recordOnce(record)).isFalse();
        assertThat(ledger.find(taskId)).hasValueSatisfying(found -> assertThat(found.ownerId()).isEqualTo("bob"));
        assertThat(recordsOf(jdbc, taskId)).isEqualTo(1);
    }

    private static void runTwiceAtOnce(ImportTaskHandler handler, long taskId) throws Exception {
        ExecutorService slots = Executors.newFixedThreadPool(2);
        try {
            Future<TaskResult> one = slots.submit(() -> handler.execute(importContext(taskId, 1), new ImportPayload(10)));
            Future<TaskResult> two = slots.submit(() -> handler.execute(importContext(taskId, 2), new ImportPayload(10)));

            TaskResult expected = TaskResult.success("demo_import_record:" + taskId);
            assertThat(one.get(20, TimeUnit.SECONDS)).isEqualTo(expected);
            assertThat(two.get(20, TimeUnit.SECONDS)).isEqualTo(expected);
        } finally {
            slots.shutdownNow();
        }
    }

    private static long recordsOf(JdbcTemplate jdbc, long taskId) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM demo_import_record WHERE task_id = ?", Long.class, taskId);
    }

    private static FakeTaskContext importContext(long taskId, int attempt) {
        return new FakeTaskContext(taskId, ImportTaskHandler.TYPE, attempt, "alice");
    }

    /** Holds each caller after its check until the other has checked too, then lets both insert. */
    private static final class BothCheckBeforeEitherInserts implements DemoImportRecords {

        private final DemoImportRecords real;
        private final CyclicBarrier bothChecked = new CyclicBarrier(2);
        final AtomicInteger inserts = new AtomicInteger();

        BothCheckBeforeEitherInserts(DemoImportRecords real) {
            this.real = real;
        }

        @Override
        public Optional<DemoImportRecord> findByTaskId(long taskId) {
            Optional<DemoImportRecord> found = real.findByTaskId(taskId);
            try {
                bothChecked.await(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException("the other execution never checked", e);
            }
            return found;
        }

        @Override
        public void insert(DemoImportRecord record) {
            inserts.incrementAndGet();
            real.insert(record);
        }
    }
}
