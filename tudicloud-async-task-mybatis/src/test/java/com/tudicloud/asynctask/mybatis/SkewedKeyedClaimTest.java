package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.TaskQuery;
import com.tudicloud.asynctask.api.spi.TaskSort;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static com.tudicloud.asynctask.mybatis.MapperExplain.render;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A keyed claim on a skewed table, counted by the server: one key with a backlog of a million QUEUED tasks and
 * at its cap, beside thousands of keys with one task each. The claim must take the other keys' tasks and read in
 * proportion to what it takes (the session's {@code Handler_read%} counters around it), never the big key's
 * backlog. The claim joins a transaction the test holds and rolls back, so each claim meets the same table.
 */
class SkewedKeyedClaimTest {

    private static final String TYPE = "export";
    private static final int BACKLOG = 1_000_000;
    private static final int SMALL_KEYS = 3_000;
    private static final int CLAIM = 16;
    private static final int PER_KEY = 2;

    private static ScratchTaskDatabase scratch;
    private static HikariDataSource pool;

    @BeforeAll
    static void fillSkewedTable() {
        scratch = new ScratchTaskDatabase("skewed_keys");
        pool = scratch.pool();
        JdbcTemplate jdbc = new JdbcTemplate(pool);
        long started = System.nanoTime();
        insert(jdbc, BACKLOG, "'big'", "'QUEUED'", "TIMESTAMPADD(HOUR, -1, NOW(3))");
        insert(jdbc, PER_KEY, "'big'", "'RUNNING'", "TIMESTAMPADD(HOUR, -1, NOW(3))");
        insert(jdbc, SMALL_KEYS, "CONCAT('key-', LPAD(n, 5, '0'))", "'QUEUED'", "TIMESTAMPADD(MINUTE, -1, NOW(3))");
        scratch.filled("skewed keyed table", started);
    }

    @AfterAll
    static void dropDatabase() {
        if (scratch != null) {
            scratch.close();
        }
    }

    @Test
    void aClaimBesideAFullKeysMillionTasksTakesOtherKeysAndReadsWhatItTakes() {
        ClaimCost cost = claimInOpenTransaction(new ConcurrencyLimits(0, Map.of(), Map.of(TYPE, PER_KEY)));
        System.out.println("KEYED CLAIM x" + CLAIM + " beside a full key of " + BACKLOG + ": " + cost);

        List<String> keys = cost.keys();
        assertThat(keys).hasSize(CLAIM).doesNotContain("big").doesNotHaveDuplicates();
        // the type's first tasks in claim order (the full key's, 2 x 16 entries), a few dives per head reached,
        // the locks and the mark: hundreds of reads, where a walk of the backlog would read a million
        assertThat(cost.reads()).isLessThan(1_000L);
    }

    /**
     * The big key below its cap: the walk reaches it first (its key sorts first) and must step over its backlog to
     * the next key, not read it.
     */
    @Test
    void aClaimThatReachesAKeyWithRoomAndAMillionTasksStepsOverItsBacklog() {
        ClaimCost cost = claimInOpenTransaction(new ConcurrencyLimits(0, Map.of(), Map.of(TYPE, PER_KEY + 1)));
        System.out.println("KEYED CLAIM x" + CLAIM + " reaching a key with room and " + BACKLOG + " tasks: " + cost);

        List<String> keys = cost.keys();
        assertThat(keys).hasSize(CLAIM).doesNotHaveDuplicates().contains("big");
        assertThat(cost.reads()).isLessThan(1_000L);
    }

    @Test
    void theKeyedStatementsReadNoBacklog() {
        MapperExplain explainer = new MapperExplain(pool);
        ClaimBranch branch = new ClaimBranch(TYPE, CLAIM, CLAIM, PER_KEY, Map.of("big", (long) PER_KEY), List.of("big"),
                ClaimBranch.FIRST_KEY, CLAIM, PER_KEY, false);
        List<Map<String, Object>> claim = explainer.explain("selectKeyedClaimCandidates",
                Map.of("branches", List.of(branch), "lockLimit", 4 * CLAIM));
        List<Map<String, Object>> count = explainer.explain("countLeasedByTypeAndKey", Map.of());
        System.out.println("EXPLAIN selectKeyedClaimCandidates:\n" + render(claim));
        System.out.println("EXPLAIN countLeasedByTypeAndKey:\n" + render(count));

        // every read of the table is an index range, a ref or a primary-key lookup; only the candidates are sorted
        assertThat(claim).as("EXPLAIN:%n%s", render(claim)).filteredOn(row -> !String.valueOf(row.get("table")).startsWith("<"))
                .filteredOn(row -> row.get("table") != null).allSatisfy(row -> {
                    assertThat(row.get("type")).isIn("ref", "range", "eq_ref");
                    assertThat(String.valueOf(row.get("Extra"))).doesNotContainIgnoringCase("filesort");
                });
        assertThat(count).as("EXPLAIN:%n%s", render(count)).singleElement().satisfies(row -> {
            assertThat(row.get("key")).isEqualTo("idx_async_task_key_walk");
            assertThat(String.valueOf(row.get("Extra"))).containsIgnoringCase("Using index");
            assertThat(MapperExplain.estimatedRows(row)).as("the leased rows only").isLessThan(1_000L);
        });
    }

    /**
     * A fair claim on the same table: the big key's million tasks are first in claim order and never at a cap, so
     * only the skip of the keys among the type's first tasks keeps the walk of key heads off its backlog.
     */
    @Test
    void aFairClaimBesideAKeysMillionTasksFirstInClaimOrderTakesEachKeyOnceAndReadsWhatItTakes() {
        ClaimCost cost = claimInOpenTransaction(new ConcurrencyLimits(0, Map.of(), Map.of(), Map.of(), Set.of(TYPE)));
        System.out.println("FAIR CLAIM x" + CLAIM + " beside a key of " + BACKLOG + " first in claim order: " + cost);

        List<String> keys = cost.keys();
        assertThat(keys).hasSize(CLAIM).doesNotHaveDuplicates().contains("big");
        // the big key's first tasks (its keys' statement, then the claim), two dives per key reached, the locks and
        // the mark: hundreds of reads, where a walk through the backlog would read a million per step
        assertThat(cost.reads()).isLessThan(1_000L);
    }

    @Test
    void theFairStatementsReadNoBacklog() {
        MapperExplain explainer = new MapperExplain(pool);
        ClaimBranch branch = new ClaimBranch(TYPE, CLAIM, CLAIM, 0, Map.of(), List.of("big"), ClaimBranch.FIRST_KEY,
                CLAIM, LimitedClaim.MAX_HEADS_PER_KEY, true);
        List<Map<String, Object>> claim = explainer.explain("selectKeyedClaimCandidates",
                Map.of("branches", List.of(branch), "lockLimit", 4 * CLAIM));
        List<Map<String, Object>> keys = explainer.explain("selectKeysFirstInClaimOrder",
                Map.of("taskType", TYPE, "limit", CLAIM));
        System.out.println("EXPLAIN fair selectKeyedClaimCandidates:\n" + render(claim));
        System.out.println("EXPLAIN selectKeysFirstInClaimOrder:\n" + render(keys));

        assertThat(claim).as("EXPLAIN:%n%s", render(claim)).filteredOn(row -> !String.valueOf(row.get("table")).startsWith("<"))
                .filteredOn(row -> row.get("table") != null).allSatisfy(row -> {
                    assertThat(row.get("type")).isIn("ref", "range", "eq_ref");
                    assertThat(String.valueOf(row.get("Extra"))).doesNotContainIgnoringCase("filesort");
                });
        // the first tasks by the claim's index, whose LIMIT stops it, then each one's key by primary key
        assertThat(keys).as("EXPLAIN:%n%s", render(keys)).filteredOn(row -> row.get("table") != null)
                .filteredOn(row -> !String.valueOf(row.get("table")).startsWith("<")).allSatisfy(row -> {
                    assertThat(row.get("key")).isIn("idx_async_task_claim", "PRIMARY");
                    assertThat(String.valueOf(row.get("Extra"))).doesNotContainIgnoringCase("filesort");
                });
    }

    /** An operator's listing of one key, newest first: the key's range of idx_async_task_key, read backwards. */
    @Test
    void aKeysListingReadsItsNewestTasksFromItsIndex() {
        TaskQuery big = new TaskQuery(Set.of(), null, null, null, null, TaskSort.CREATE_TIME, true, 0, 20, "big", null);
        List<Map<String, Object>> plan = new MapperExplain(pool).explain("search", Map.of("q", big));
        System.out.println("EXPLAIN search by key:\n" + render(plan));

        assertThat(plan).as("EXPLAIN:%n%s", render(plan)).singleElement().satisfies(row -> {
            assertThat(row.get("key")).isEqualTo("idx_async_task_key");
            assertThat(String.valueOf(row.get("Extra"))).doesNotContainIgnoringCase("filesort");
        });
    }

    /** What one claim of {@link #CLAIM} took (its tasks' keys) and the index entries the server read for it. */
    private record ClaimCost(List<String> keys, long reads) {
    }

    /** A claim under the limits in a transaction the test rolls back, its reads counted around it. */
    private static ClaimCost claimInOpenTransaction(ConcurrencyLimits limits) {
        return RolledBackClaims.inOpenTransaction(pool, (store, jdbc) -> {
            Map<String, Long> before = RolledBackClaims.handlerReads(jdbc);
            List<ClaimedTask> claimed = store.claim(new ClaimRequest("skewed", Set.of(TYPE), CLAIM,
                    Duration.ofMinutes(1), limits));
            Map<String, Long> after = RolledBackClaims.handlerReads(jdbc);
            List<String> keys = claimed.stream().map(task -> jdbc.queryForObject(
                    "SELECT task_key FROM system_async_task WHERE id = ?", String.class, task.id())).toList();
            return new ClaimCost(keys, after.entrySet().stream()
                    .mapToLong(e -> e.getValue() - before.get(e.getKey())).sum());
        });
    }

    /** {@code count} rows of the type from a numbers table made of digits, which MySQL and MariaDB both run. */
    private static void insert(JdbcTemplate jdbc, int count, String key, String status, String availableAt) {
        String digits = "(SELECT 0 AS d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4"
                + " UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8 UNION ALL SELECT 9)";
        jdbc.update("INSERT INTO system_async_task (task_type, task_key, status, priority, payload, available_at,"
                + " attempt_count, max_attempts, lease_owner, lease_until, lease_token, create_time, update_time)"
                + " SELECT '" + TYPE + "', " + key + ", " + status + ", 0, '{}', " + availableAt + ", 0, 3,"
                + " IF(" + status + " = 'RUNNING', 'w', NULL), IF(" + status + " = 'RUNNING', TIMESTAMPADD(MINUTE, 1, NOW(3)), NULL),"
                + " 0, NOW(3), NOW(3)"
                + " FROM (SELECT a.d + 10 * b.d + 100 * c.d + 1000 * e.d + 10000 * f.d + 100000 * g.d AS n"
                + " FROM " + digits + " a, " + digits + " b, " + digits + " c, " + digits + " e, " + digits + " f, "
                + digits + " g) numbers WHERE n < " + count);
    }
}
