package com.tudicloud.asynctask.mybatis;

import java.time.Instant;
import com.tudicloud.asynctask.api.spi.TaskFilter;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.LeaseRenewal;
import com.tudicloud.asynctask.api.spi.TaskQuery;
import com.tudicloud.asynctask.api.spi.TaskSort;
import com.tudicloud.asynctask.testing.DatabaseServer;
import com.tudicloud.asynctask.testing.SchemaScripts;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.StringJoiner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The hot statements, exactly as MyBatis binds them from SystemAsyncTaskMapper.xml, use the index
 * meant for each, on a table shaped like production (mostly finished tasks, a queue, running leases
 * some of which expired, several types and owners), with no filesort and no temporary table.
 * <p>
 * Runs in a database of its own on the test server, named after the test database, so the 20,000 rows
 * never meet another test's rows (other modules' tests share the default test database and may run at
 * the same time, and so may other checkouts' builds on the same server).
 */
class QueryPlanTest {

    private static final int ROWS = 20_000;
    private static final String[] TYPES = {"mail", "report", "export", "thumbnail", "sms"};
    private static final int OWNERS = 300;
    /** An owner with an ordinary number of tasks, as a user of the console would be. */
    private static final String TYPICAL_OWNER = "user-7";
    /** A batch of a fifth of the table: a page of it must not sort all its children. */
    private static final long LARGE_BATCH = 1;

    private static TestDatabase db;
    private static String database;
    private static HikariDataSource dataSource;
    private static MapperExplain explain;

    @BeforeAll
    static void fillTable() throws SQLException {
        db = TestDatabase.get();
        DatabaseServer server = db.server();
        database = server.recreateScratchDatabase("query_plan");
        dataSource = server.dataSource(database, 2);
        SchemaScripts.applyChangelog(dataSource);
        insertRealisticMix(dataSource);
        insertEvents(dataSource);
        makeBatchChildren(dataSource);
        new JdbcTemplate(dataSource).queryForList("ANALYZE TABLE system_async_task, system_async_task_event");
        explain = new MapperExplain(dataSource);
        printDistribution();
    }

    @AfterAll
    static void dropDatabase() {
        if (dataSource != null) {
            dataSource.close();
        }
        if (db != null) {
            db.execute("DROP DATABASE IF EXISTS " + database);
        }
    }

    /**
     * Per type, the QUEUED walk on idx_async_task_claim (a ref on (status, task_type) read in index order, so
     * that its LIMIT stops it) and two due SCHEDULED ranges on idx_async_task_due whose end InnoDB checks itself
     * (index condition pushdown), all plain reads; then every candidate is locked through the primary key. Only
     * the candidates are sorted.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 5})
    void theClaimReadsOneIndexRangePerWalkAndLocksByPrimaryKey(int types) {
        List<ClaimBranch> branches = java.util.Arrays.stream(TYPES).limit(types)
                .map(type -> new ClaimBranch(type, 16, 32)).toList();

        List<Map<String, Object>> plan = explain("selectClaimCandidates", Map.of("branches", branches, "lockLimit", 16));

        List<Map<String, Object>> walks = rowsOf(plan, "system_async_task");
        assertThat(walks.stream().map(row -> row.get("key")).toList()).as("walks; EXPLAIN:%n%s", render(plan))
                .hasSize(3 * types)
                .filteredOn("idx_async_task_claim"::equals).hasSize(types);
        for (Map<String, Object> walk : walks) {
            assertThat(walk.get("type")).as("access type; EXPLAIN:%n%s", render(plan)).isIn("ref", "range");
            String extra = String.valueOf(walk.get("Extra"));
            assertThat(extra).as("Extra; EXPLAIN:%n%s", render(plan))
                    .doesNotContainIgnoringCase("filesort").doesNotContainIgnoringCase("temporary");
            if ("idx_async_task_due".equals(walk.get("key"))) {
                assertThat(extra).as("a due range ends inside InnoDB; EXPLAIN:%n%s", render(plan))
                        .containsIgnoringCase("Using index condition");
            }
        }
        assertThat(rowsOf(plan, "t")).as("locks; EXPLAIN:%n%s", render(plan)).hasSize(2).allSatisfy(lock -> {
            assertThat(lock.get("type")).isEqualTo("eq_ref");
            assertThat(lock.get("key")).isEqualTo("PRIMARY");
        });
    }

    /** Recovery reads the expired range of idx_async_task_lease, ended inside InnoDB, and locks by primary key. */
    @Test
    void recoveryReadsTheLeaseRangeAndLocksByPrimaryKey() {
        List<Map<String, Object>> plan = explain("selectExpiredLeases", Map.of("limit", 100));

        assertThat(rowsOf(plan, "system_async_task")).as("EXPLAIN:%n%s", render(plan)).singleElement().satisfies(read -> {
            assertThat(read.get("key")).isEqualTo("idx_async_task_lease");
            assertThat(String.valueOf(read.get("Extra"))).containsIgnoringCase("Using index condition");
        });
        assertThat(rowsOf(plan, "t")).as("EXPLAIN:%n%s", render(plan)).singleElement().satisfies(lock -> {
            assertThat(lock.get("type")).isEqualTo("eq_ref");
            assertThat(lock.get("key")).isEqualTo("PRIMARY");
        });
    }

    /** Retention reads a range of idx_async_task_finished, ended inside InnoDB, and deletes by primary key. */
    @Test
    void retentionReadsTheFinishedRangeAndDeletesByPrimaryKey() {
        List<Map<String, Object>> read = explain("selectFinished", Map.of("status", "SUCCESS",
                "ageMicrosAgo", -86_400_000_000L, "limit", 1000));
        assertThat(rowsOf(read, "system_async_task")).as("EXPLAIN:%n%s", render(read)).singleElement().satisfies(row -> {
            assertThat(row.get("key")).isEqualTo("idx_async_task_finished");
            assertThat(String.valueOf(row.get("Extra"))).containsIgnoringCase("Using index condition");
        });
        List<Long> ids = new JdbcTemplate(dataSource).queryForList(
                "SELECT id FROM system_async_task WHERE status = 'SUCCESS' LIMIT 50", Long.class);
        assertReadsByPrimaryKey(explain("deleteFinishedAmong", Map.of("status", "SUCCESS",
                "ageMicrosAgo", -86_400_000_000L, "ids", ids)), ids.size());
    }

    private static List<Map<String, Object>> rowsOf(List<Map<String, Object>> plan, String table) {
        return plan.stream().filter(row -> table.equals(String.valueOf(row.get("table")))).toList();
    }

    /**
     * An idle worker's look: each EXISTS reads one index range (the claim's two per set of types, the lease
     * index for expired leases) and stops at its first entry; nothing is sorted, no temporary table.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 5})
    void theIdleProbeReadsTheClaimAndLeaseIndexes(int types) {
        Set<String> taskTypes = new java.util.TreeSet<>(java.util.Arrays.asList(TYPES).subList(0, types));

        List<Map<String, Object>> plan = explain("probeQueue", Map.of("dueTypes", taskTypes));

        List<Map<String, Object>> reads = rowsOf(plan, "system_async_task");
        assertThat(reads).as("three lookups; EXPLAIN:%n%s", render(plan)).hasSize(3);
        assertThat(reads.stream().map(row -> row.get("key")).toList()).as("indexes; EXPLAIN:%n%s", render(plan))
                .containsExactlyInAnyOrder("idx_async_task_claim", "idx_async_task_due", "idx_async_task_lease");
        for (Map<String, Object> read : reads) {
            assertThat(read.get("type")).as("access type; EXPLAIN:%n%s", render(plan)).isIn("ref", "range");
            assertThat(String.valueOf(read.get("Extra"))).as("Extra; EXPLAIN:%n%s", render(plan))
                    .doesNotContainIgnoringCase("filesort").doesNotContainIgnoringCase("temporary");
            if (!"idx_async_task_claim".equals(read.get("key"))) {
                assertThat(String.valueOf(read.get("Extra"))).as("a range that ends inside InnoDB; EXPLAIN:%n%s",
                        render(plan)).containsIgnoringCase("Using index condition");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 80})
    void dueScheduledTasksLeftByAClaimAreQueuedByPrimaryKey(int count) {
        List<Long> ids = new JdbcTemplate(dataSource).queryForList(
                "SELECT id FROM system_async_task WHERE status = 'SCHEDULED' LIMIT ?", Long.class, count);

        assertReadsByPrimaryKey(explain("queueDueScheduled", Map.of("ids", ids)), count);
    }

    /** The shared lock of a dedup resubmit is taken through the dedup index (DedupSubmitTest: never on the row). */
    @Test
    void aDedupLookupReadsTheDedupIndex() {
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        long id = jdbc.queryForObject("SELECT MIN(id) FROM system_async_task WHERE task_type = 'mail'", Long.class);
        jdbc.update("UPDATE system_async_task SET dedup_key = 'order-7' WHERE id = ?", id);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("taskType", "mail");
        params.put("dedupKey", "order-7");

        List<Map<String, Object>> plan = explain("selectIdByDedupKey", params);

        assertThat(plan).hasSize(1);
        assertThat(plan.get(0).get("key")).as("key; EXPLAIN:%n%s", render(plan)).isEqualTo("uk_async_task_dedup");
        assertThat(plan.get(0).get("type")).as("access type").isIn("const", "eq_ref", "ref");
    }

    /** The queue gauges read the waiting tasks from an index, not the table with its history. */
    @Test
    void theQueueDepthReadsOnlyWaitingTasks() {
        long waiting = new JdbcTemplate(dataSource).queryForObject(
                "SELECT COUNT(*) FROM system_async_task WHERE status IN ('QUEUED', 'SCHEDULED')", Long.class);

        List<Map<String, Object>> plan = explain("queueDepth", Map.of());

        assertThat(plan).hasSize(1);
        assertThat(plan.get(0).get("key")).as("key; EXPLAIN:%n%s", render(plan))
                .isIn("idx_async_task_claim", "idx_async_task_due");
        assertThat(estimatedRows(plan)).as("rows read").isLessThan(2 * waiting + 100);
    }

    @Test
    void theOwnerListingReadsTheOwnerIndexBackwards() {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("ownerId", TYPICAL_OWNER);
        params.put("statuses", List.of());
        params.put("limit", 20);

        List<Map<String, Object>> plan = explain("selectByOwner", params);

        assertUsesIndexWithoutSorting(plan, "idx_async_task_owner");
    }

    @Test
    void theOwnerListingByStatusReadsTheOwnerIndexBackwards() {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("ownerId", TYPICAL_OWNER);
        params.put("statuses", List.of(TaskStatus.QUEUED, TaskStatus.RUNNING));
        params.put("limit", 20);

        List<Map<String, Object>> plan = explain("selectByOwner", params);

        assertUsesIndexWithoutSorting(plan, "idx_async_task_owner");
    }

    @Test
    void theOperatorsListingNewestFirstReadsTheCreatedIndexBackwards() {
        TaskQuery newestFirst = new TaskQuery(Set.of(), null, null, null, null, TaskSort.CREATE_TIME, true, 3, 50);

        List<Map<String, Object>> plan = explain("search", Map.of("q", newestFirst));

        assertUsesIndexWithoutSorting(plan, "idx_async_task_created");
    }

    /** A batch's children newest first, a page deep: its range of the batch index read backwards, the LIMIT ending it. */
    @Test
    void aBatchsChildrenNewestFirstReadTheBatchIndexBackwards() {
        TaskQuery children = new TaskQuery(Set.of(), null, null, null, null, TaskSort.CREATE_TIME, true, 2, 50, null,
                LARGE_BATCH);

        List<Map<String, Object>> plan = explain("search", Map.of("q", children));

        assertUsesIndexWithoutSorting(plan, "idx_async_task_batch_created");
    }

    @Test
    void aBatchsCappedCountReadsABatchIndexAlone() {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("q", new TaskQuery(Set.of(), null, null, null, null, TaskSort.CREATE_TIME, true, 0, 20, null, LARGE_BATCH));
        params.put("limit", 10_001L);

        List<Map<String, Object>> plan = explain("countMatchingUpTo", params);

        String shown = render(plan);
        assertThat(plan).as("EXPLAIN:%n%s", shown).anySatisfy(row -> {
            assertThat(row.get("table")).isEqualTo("system_async_task");
            assertThat(row.get("type")).isEqualTo("ref");
            assertThat(String.valueOf(row.get("key"))).startsWith("idx_async_task_batch");
            assertThat(String.valueOf(row.get("Extra"))).containsIgnoringCase("Using index");
        });
    }

    /**
     * A rate-limited claim's count of its windows reads one range of the start log's index per type, from the index
     * alone, and its prune reads the expired part of the same ranges: neither reads another type's starts.
     */
    @Test
    void theRateWindowsCountAndPruneReadOneRangePerTypeOfTheStartIndex() {
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        jdbc.update("DELETE FROM system_async_task_start");
        List<Object[]> rows = new ArrayList<>();
        for (String type : TYPES) {
            for (int age = 1; age <= 1000; age++) {   // one start a second over the last 1,000 seconds
                rows.add(new Object[] {type, age, age});
            }
        }
        jdbc.batchUpdate("INSERT INTO system_async_task_start (task_type, task_id, started_at) "
                + "VALUES (?, ?, TIMESTAMPADD(SECOND, -?, NOW(3)))", rows);
        jdbc.queryForList("ANALYZE TABLE system_async_task_start");
        MapperExplain starts = new MapperExplain(dataSource, SystemAsyncTaskStartMapper.class);
        List<WindowBound> windows = List.of(new WindowBound("mail", -60_000_000L), new WindowBound("sms", -600_000_000L));
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("windows", windows);
        params.put("limit", 100);

        List<Map<String, Object>> count = starts.explain("countWindows", params);
        List<Map<String, Object>> prune = starts.explain("pruneStarts", params);

        String shown = render(count) + System.lineSeparator() + render(prune);
        assertThat(count).as("EXPLAIN:%n%s", shown).singleElement().satisfies(row -> {
            assertThat(row.get("key")).isEqualTo("idx_async_task_start_window");
            assertThat(row.get("type")).isEqualTo("range");
            assertThat(String.valueOf(row.get("Extra"))).containsIgnoringCase("Using index")
                    .doesNotContainIgnoringCase("filesort");
        });
        assertThat(prune).as("EXPLAIN:%n%s", shown).singleElement().satisfies(row -> {
            assertThat(row.get("key")).isEqualTo("idx_async_task_start_window");
            assertThat(row.get("type")).isEqualTo("range");
        });
    }

    /** The overview's counts: a range of one status-first index per status, from the index alone, LIMIT-bounded. */
    @Test
    void theOverviewsCappedCountsReadOneStatusRangeEachFromTheIndexAlone() {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("statuses", List.of(TaskStatus.values()));
        params.put("limit", 10_001L);

        List<Map<String, Object>> plan = explain("countByStatusAndTypeUpTo", params);

        String shown = render(plan);
        List<Map<String, Object>> reads = plan.stream()
                .filter(row -> "system_async_task".equals(String.valueOf(row.get("table")))).toList();
        assertThat(reads).as("one read per status; EXPLAIN:%n%s", shown).hasSize(TaskStatus.values().length);
        assertThat(reads).allSatisfy(row -> {
            assertThat(row.get("key")).as("EXPLAIN:%n%s", shown).isEqualTo("idx_async_task_due");
            assertThat(row.get("type")).as("EXPLAIN:%n%s", shown).isIn("ref", "range");
            assertThat(String.valueOf(row.get("Extra"))).as("EXPLAIN:%n%s", shown).containsIgnoringCase("Using index");
        });
    }

    @Test
    void theListingsCappedCountOfAStatusReadsAStatusIndex() {
        TaskQuery failed = new TaskQuery(Set.of(TaskStatus.FAILED), null, null, null, null, TaskSort.CREATE_TIME, true, 0, 20);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("q", failed);
        params.put("limit", 10_001L);

        List<Map<String, Object>> plan = explain("countMatchingUpTo", params);

        String shown = render(plan);
        assertThat(plan).as("EXPLAIN:%n%s", shown).anySatisfy(row -> {
            assertThat(row.get("table")).isEqualTo("system_async_task");
            assertThat(row.get("type")).isNotEqualTo("ALL");
            assertThat(String.valueOf(row.get("key"))).startsWith("idx_async_task_");
        });
    }

    /** One lease or many: a scan of an index that starts with status would lock other holders' rows. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 200})
    void aHoldersWriteReadsOnlyItsRowsByPrimaryKey(int count) {
        List<LeaseRenewal> leases = new JdbcTemplate(dataSource).query(
                "SELECT id, lease_token FROM system_async_task WHERE status = 'RUNNING' LIMIT ?",
                (rs, n) -> new LeaseRenewal(rs.getLong("id"), rs.getLong("lease_token"), null, null), count);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("workerId", "worker-1");
        params.put("leases", leases);
        params.put("leaseMicros", 60_000_000L);
        params.put("withProgress", false);

        List<Map<String, Object>> plan = explain("renewLeases", params);

        assertThat(leases).hasSize(count);
        assertReadsByPrimaryKey(plan, count);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 80})
    void aClaimMarksItsRowsByPrimaryKey(int count) {
        List<Long> ids = new JdbcTemplate(dataSource).queryForList(
                "SELECT id FROM system_async_task WHERE status = 'QUEUED' LIMIT ?", Long.class, count);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("ids", ids);
        params.put("workerId", "worker-1");
        params.put("leaseMicros", 60_000_000L);

        assertReadsByPrimaryKey(explain("markClaimed", params), count);
    }

    /** A group with every kind of outcome is one statement; it reads its rows by primary key all the same. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 200})
    void aGroupOfOutcomesIsWrittenByPrimaryKey(int count) {
        List<Completion> completions = new JdbcTemplate(dataSource).query(
                "SELECT id, lease_token FROM system_async_task WHERE status = 'RUNNING' LIMIT ?",
                (rs, n) -> switch (n % 5) {
                    case 0 -> Completion.succeeded(rs.getLong("id"), rs.getLong("lease_token"), "a-" + n);
                    case 1 -> Completion.failed(rs.getLong("id"), rs.getLong("lease_token"), "bad");
                    case 2 -> Completion.retry(rs.getLong("id"), rs.getLong("lease_token"), "busy", 1_000);
                    case 3 -> Completion.released(rs.getLong("id"), rs.getLong("lease_token"));
                    default -> Completion.cancelled(rs.getLong("id"), rs.getLong("lease_token"));
                }, count);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("workerId", "worker-1");
        params.put("leases", completions);
        params.put("g", new CompletionGroup(completions));
        params.put("withArtifacts", true);
        params.put("reported", new CompletionGroup(completions).getReported());
        params.put("reason", "unstorable");

        assertThat(completions).hasSize(count);
        assertReadsByPrimaryKey(explain(count == 1 ? "markSucceeded" : "markCompleted", params), count);
        assertReadsByPrimaryKey(explain("markUnstorable", params), count);
    }

    /** The events of a group read the rows just written by primary key, and look for earlier ones per task. */
    @ParameterizedTest
    @ValueSource(ints = {2, 200})
    void theEventsOfAGroupReadItsRowsByPrimaryKey(int count) {
        List<Completion> completions = new JdbcTemplate(dataSource).query(
                "SELECT id, lease_token FROM system_async_task WHERE status = 'RUNNING' LIMIT ?",
                (rs, n) -> n % 2 == 0 ? Completion.retry(rs.getLong("id"), rs.getLong("lease_token"), "busy", 1_000)
                        : Completion.released(rs.getLong("id"), rs.getLong("lease_token")), count);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("workerId", "worker-1");
        params.put("leases", completions);
        params.put("g", new CompletionGroup(completions));
        params.put("failuresOnly", false);

        List<Map<String, Object>> plan = explain(EVENTS + "insertCompleted", params);

        Map<String, Object> tasks = planRow(plan, "t");
        assertThat(tasks.get("key")).as("key; EXPLAIN:%n%s", render(plan)).isEqualTo("PRIMARY");
        assertThat(tasks.get("type")).as("access type; EXPLAIN:%n%s", render(plan)).isEqualTo("range");
        assertThat(MapperExplain.estimatedRows(tasks)).as("rows read").isLessThanOrEqualTo(count);
        assertThat(planRow(plan, "e").get("key")).as("key; EXPLAIN:%n%s", render(plan))
                .isEqualTo("idx_async_task_event_task");
    }

    /** Its recorded events from their index, its row by primary key, and whether an event records its attempt. */
    @Test
    void aTasksHistoryIsReadFromTheEventIndexAndTheTaskRow() {
        long succeeded = new JdbcTemplate(dataSource).queryForObject(
                "SELECT MIN(id) FROM system_async_task WHERE status = 'SUCCESS'", Long.class);
        List<Map<String, Object>> plan = explain(EVENTS + "selectByTask",
                Map.of("taskId", succeeded, "limit", 100, "withTaskRow", true));

        Map<String, Object> events = planRow(plan, "system_async_task_event");
        assertThat(events.get("key")).as("key; EXPLAIN:%n%s", render(plan)).isEqualTo("idx_async_task_event_task");
        assertThat(String.valueOf(events.get("Extra"))).as("Extra; EXPLAIN:%n%s", render(plan))
                .doesNotContainIgnoringCase("filesort");
        List<Map<String, Object>> tasks = plan.stream().filter(row -> "t".equals(row.get("table"))).toList();
        List<Map<String, Object>> recorded = plan.stream().filter(row -> "e".equals(row.get("table"))).toList();
        assertThat(tasks).as("the task row, for its claim and its success; EXPLAIN:%n%s", render(plan)).hasSize(2)
                .allSatisfy(row -> assertThat(row.get("key")).isEqualTo("PRIMARY"));
        assertThat(recorded).as("whether each is recorded; EXPLAIN:%n%s", render(plan)).hasSize(2)
                .allSatisfy(row -> assertThat(row.get("key")).isEqualTo("idx_async_task_event_task"));
    }

    /** A claim and an end for every task that ran: the history a full event log keeps. */
    private static void insertEvents(DataSource dataSource) {
        new JdbcTemplate(dataSource).update("""
                INSERT INTO system_async_task_event (task_id, event_type, attempt, lease_token, worker_id, status,
                                                     started_at, created_at)
                SELECT id, kind.event_type, attempt_count, lease_token, lease_owner, status, started_at, update_time
                FROM system_async_task
                JOIN (SELECT 'CLAIMED' AS event_type UNION ALL SELECT 'SUCCEEDED') kind
                WHERE attempt_count > 0""");
    }

    private static Map<String, Object> planRow(List<Map<String, Object>> plan, String table) {
        return plan.stream().filter(row -> table.equals(row.get("table"))).findFirst()
                .orElseThrow(() -> new AssertionError("no row for " + table + " in EXPLAIN:\n" + render(plan)));
    }

    /** A bulk action's range is read by primary key, whatever else its filter names: the rows of the range, not the table's. */
    @ParameterizedTest
    @ValueSource(strings = {"lockRange", "requeueRange", "cancelWaitingRange", "requestCancelRange"})
    void aBulkActionsRangeReadsOnlyItsIdsByPrimaryKey(String statement) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("f", new TaskFilter(Set.of(TaskStatus.FAILED, TaskStatus.QUEUED), "mail", TYPICAL_OWNER,
                Instant.parse("2020-01-01T00:00:00Z"), null));
        params.put("from", 1_001L);
        params.put("to", 3_000L);

        // InnoDB's estimate for a range of the primary key runs up to twice its size; BulkActionsTest counts the real reads
        assertReadsByPrimaryKey(explain(statement, params), 3 * 2_000);
    }

    @Test
    void theFinishedCountByTypeRangeScansTheFinishedIndex() {
        List<Map<String, Object>> plan = explain("countFinishedByType", Map.of("minutes", 15));

        assertThat(plan).hasSize(1);
        assertThat(plan.get(0).get("key")).as("key; EXPLAIN:%n%s", render(plan)).isEqualTo("idx_async_task_finished");
        assertThat(plan.get(0).get("type")).as("access type; EXPLAIN:%n%s", render(plan)).isEqualTo("range");
    }

    private static void assertReadsByPrimaryKey(List<Map<String, Object>> plan, int rows) {
        assertThat(plan).hasSize(1);
        assertThat(plan.get(0).get("key")).as("key; EXPLAIN:%n%s", render(plan)).isEqualTo("PRIMARY");
        assertThat(plan.get(0).get("type")).as("access type; EXPLAIN:%n%s", render(plan)).isEqualTo("range");
        assertThat(estimatedRows(plan)).as("rows read").isLessThanOrEqualTo(rows);
    }

    @Test
    void theCancelRequestsOfAWorkerAreReadFromAStatusIndex() {
        List<Map<String, Object>> plan = explain("selectCancelRequested", Map.of("workerId", "worker-1"));

        assertThat(plan).hasSize(1);
        assertThat(plan.get(0).get("key")).as("key; EXPLAIN:%n%s", render(plan))
                .isIn("idx_async_task_claim", "idx_async_task_lease", "idx_async_task_finished");
        assertThat(estimatedRows(plan)).as("rows read").isLessThan(ROWS / 20);
    }

    private static long estimatedRows(List<Map<String, Object>> plan) {
        return MapperExplain.estimatedRows(plan.get(0));
    }

    private static final String EVENTS = "com.tudicloud.asynctask.mybatis.SystemAsyncTaskEventMapper.";

    private static List<Map<String, Object>> explain(String statementId, Map<String, Object> params) {
        return explain.explain(statementId, params);
    }

    private static String render(List<Map<String, Object>> plan) {
        return MapperExplain.render(plan);
    }

    private static void assertUsesIndexWithoutSorting(List<Map<String, Object>> plan, String index) {
        String shown = render(plan);
        assertThat(plan).as("one table, one row of EXPLAIN:%n%s", shown).hasSize(1);
        Map<String, Object> row = plan.get(0);
        assertThat(row.get("key")).as("key chosen; EXPLAIN:%n%s", shown).isEqualTo(index);
        assertThat(row.get("type")).as("access type; EXPLAIN:%n%s", shown).isNotEqualTo("ALL");
        String extra = String.valueOf(row.get("Extra"));
        assertThat(extra).as("Extra; EXPLAIN:%n%s", shown)
                .doesNotContainIgnoringCase("filesort")
                .doesNotContainIgnoringCase("temporary");
    }

    // ------------------------------------------------------------------ the data

    private static final String INSERT_HEAD = """
            INSERT INTO system_async_task
                (task_type, status, priority, payload, owner_id, available_at, attempt_count, max_attempts,
                 lease_owner, lease_until, lease_token, progress, create_time, update_time, started_at, finished_at)
            VALUES""";
    /** Times are offsets in microseconds from the database's clock; a NULL offset gives a NULL time. */
    private static final String INSERT_ROW = """
             (?, ?, ?, ?, ?, TIMESTAMPADD(MICROSECOND, ?, NOW(3)), ?, ?, ?, TIMESTAMPADD(MICROSECOND, ?, NOW(3)),
              ?, ?, TIMESTAMPADD(MICROSECOND, ?, NOW(3)), TIMESTAMPADD(MICROSECOND, ?, NOW(3)),
              TIMESTAMPADD(MICROSECOND, ?, NOW(3)), TIMESTAMPADD(MICROSECOND, ?, NOW(3)))""";
    private static final int CHUNK = 1000;

    private static final long SECOND = 1_000_000L;
    private static final long MINUTE = 60 * SECOND;
    private static final long HOUR = 60 * MINUTE;
    private static final long DAY = 24 * HOUR;

    /**
     * About 78% SUCCESS, 2% FAILED, 1% CANCELLED (a week of history); 11% waiting with mixed priorities,
     * a third of them delayed into the future (SCHEDULED), the rest QUEUED; 7% RUNNING, one lease in eight expired; 1% CANCEL_REQUESTED,
     * half expired. Five types, 300 owners with a skew, some tasks with no owner.
     */
    private static void insertRealisticMix(DataSource dataSource) throws SQLException {
        Random random = new Random(42);
        try (Connection connection = dataSource.getConnection()) {
            for (int from = 0; from < ROWS; from += CHUNK) {
                int n = Math.min(CHUNK, ROWS - from);
                StringJoiner sql = new StringJoiner(",", INSERT_HEAD, "");
                for (int i = 0; i < n; i++) {
                    sql.add(INSERT_ROW);
                }
                try (PreparedStatement insert = connection.prepareStatement(sql.toString())) {
                    int p = 1;
                    for (int i = 0; i < n; i++) {
                        p = bindRow(insert, p, random);
                    }
                    insert.executeUpdate();
                }
            }
        }
    }

    private static int bindRow(PreparedStatement insert, int p, Random random) throws SQLException {
        double kind = random.nextDouble();
        String type = TYPES[weighted(random, 0.40, 0.20, 0.15, 0.15, 0.10)];
        String owner = random.nextDouble() < 0.10 ? null : "user-" + skewedOwner(random);
        int priority = random.nextDouble() < 0.6 ? 0 : random.nextInt(10);
        String status;
        Long available;
        Long leaseUntil = null;
        Long started = null;
        Long finished = null;
        String leaseOwner = null;
        int attempts = 1;
        Integer progress = null;
        long created;
        if (kind < 0.81) {
            status = kind < 0.78 ? "SUCCESS" : kind < 0.80 ? "FAILED" : "CANCELLED";
            created = -(long) (random.nextDouble() * 7 * DAY) - MINUTE;
            available = created;
            started = created + (long) (random.nextDouble() * 10 * SECOND);
            finished = started + (long) (random.nextDouble() * 50 * SECOND);
            leaseOwner = "worker-" + random.nextInt(8);
            progress = "SUCCESS".equals(status) ? 100 : random.nextInt(100);
            attempts = 1 + (random.nextDouble() < 0.05 ? random.nextInt(3) : 0);
        } else if (kind < 0.92) {
            attempts = random.nextDouble() < 0.1 ? 1 : 0;
            created = -(long) (random.nextDouble() * 30 * MINUTE);
            boolean delayed = random.nextDouble() < 0.33;
            status = delayed ? "SCHEDULED" : "QUEUED";
            available = delayed
                    ? (long) (random.nextDouble() * HOUR) + SECOND
                    : created + (long) (random.nextDouble() * SECOND);
        } else {
            status = kind < 0.99 ? "RUNNING" : "CANCEL_REQUESTED";
            double expiredShare = "RUNNING".equals(status) ? 0.125 : 0.5;
            created = -(long) (random.nextDouble() * 10 * MINUTE) - MINUTE;
            available = created;
            started = created + (long) (random.nextDouble() * 30 * SECOND);
            leaseOwner = "worker-" + random.nextInt(8);
            leaseUntil = random.nextDouble() < expiredShare
                    ? -(long) (random.nextDouble() * 10 * MINUTE) - SECOND
                    : (long) (random.nextDouble() * 60 * SECOND) + SECOND;
            progress = random.nextInt(100);
        }
        insert.setString(p++, type);
        insert.setString(p++, status);
        insert.setInt(p++, priority);
        insert.setString(p++, "{\"n\":" + random.nextInt(1_000_000) + ",\"to\":\"someone@example.com\"}");
        insert.setString(p++, owner);
        insert.setLong(p++, available);
        insert.setInt(p++, attempts);
        insert.setInt(p++, 3);
        insert.setString(p++, leaseOwner);
        insert.setObject(p++, leaseUntil);
        insert.setLong(p++, leaseOwner == null ? 0 : attempts);
        insert.setObject(p++, progress);
        insert.setLong(p++, created);
        insert.setLong(p++, finished != null ? finished : started != null ? started : created);
        insert.setObject(p++, started);
        insert.setObject(p++, finished);
        return p;
    }

    /** Every fifth task a child of LARGE_BATCH, a few of a small batch beside it; the rest belong to none. */
    private static void makeBatchChildren(DataSource dataSource) {
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        jdbc.update("UPDATE system_async_task SET batch_id = ? WHERE id % 5 = 0", LARGE_BATCH);
        jdbc.update("UPDATE system_async_task SET batch_id = ? WHERE id % 500 = 1", LARGE_BATCH + 1);
    }

    private static int weighted(Random random, double... weights) {
        double r = random.nextDouble();
        for (int i = 0; i < weights.length - 1; i++) {
            r -= weights[i];
            if (r < 0) {
                return i;
            }
        }
        return weights.length - 1;
    }

    /** A few owners submit a lot, most a little. */
    private static int skewedOwner(Random random) {
        return (int) Math.floor(OWNERS * Math.pow(random.nextDouble(), 2));
    }

    private static void printDistribution() {
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        System.out.println("rows by status: " + jdbc.queryForList(
                "SELECT status, COUNT(*) AS n FROM system_async_task GROUP BY status ORDER BY status"));
        System.out.println("due QUEUED: " + jdbc.queryForObject(
                "SELECT COUNT(*) FROM system_async_task WHERE status = 'QUEUED' AND available_at <= NOW(3)", Long.class)
                + ", expired leases: " + jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task"
                + " WHERE status IN ('RUNNING', 'CANCEL_REQUESTED') AND lease_until < NOW(3)", Long.class)
                + ", rows of " + TYPICAL_OWNER + ": " + jdbc.queryForObject(
                "SELECT COUNT(*) FROM system_async_task WHERE owner_id = ?", Long.class, TYPICAL_OWNER));
    }
}
