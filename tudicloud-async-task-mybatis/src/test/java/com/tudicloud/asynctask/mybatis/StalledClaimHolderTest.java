package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A limited claim that stalls while it holds the claim row, on the real server: another claimer (its own pool, as
 * another worker has) ends the stalled holder's connection and claims, while a holder that is busy on the server
 * is waited for, and so is a transaction that holds the row without being a claim: the connection the row names
 * then is that of the last claim, which ended and may serve anyone since.
 */
class StalledClaimHolderTest {

    private static final String TYPE = "export";
    private static final int LIMIT = 3;
    private static final ConcurrencyLimits CAPPED = new ConcurrencyLimits(0, Map.of(TYPE, LIMIT), Map.of());
    private static final Duration LEASE = Duration.ofMinutes(1);

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());
    private final List<HikariDataSource> pools = new ArrayList<>();

    @BeforeEach
    void setUp() {
        db.deleteAllTasks();
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            tasks.add(new NewTask(TYPE, "{}", 0, 0, 3, null, null));
        }
        MyBatisStores.create(db.dataSource()).taskStore().insert(tasks);
    }

    @AfterEach
    void tearDown() {
        pools.forEach(HikariDataSource::close);
    }

    @Test
    void aClaimerEndsTheConnectionOfAHolderStoppedInsideItsClaimAndClaims() throws Exception {
        CountDownLatch thaw = new CountDownLatch(1);
        StallingDataSource stopped = new StallingDataSource(pool(), StallingDataSource.frozenUntil(thaw));
        CompletableFuture<List<ClaimedTask>> stoppedClaim = CompletableFuture.supplyAsync(
                () -> MyBatisStores.create(stopped).leaseStore().claim(claim("stopped")));
        assertThat(stopped.stalled.await(10, TimeUnit.SECONDS)).as("the claim holds the row and stalls").isTrue();

        LeaseStore other = MyBatisStores.create(pool()).leaseStore();
        long start = System.nanoTime();
        List<ClaimedTask> claimed = List.of();
        while (claimed.isEmpty() && System.nanoTime() - start < TimeUnit.SECONDS.toNanos(20)) {
            claimed = other.claim(claim("other"));
        }
        long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        thaw.countDown();
        System.out.println("StalledClaimHolderTest: claimed " + claimed.size() + " after " + waitedMillis + " ms");

        assertThat(claimed).as("claimed while the holder stays stopped").hasSize(LIMIT);
        assertThat(stoppedClaim).failsWithin(Duration.ofSeconds(10));
        assertThat(rows.jdbc().queryForObject(
                "SELECT COUNT(*) FROM system_async_task WHERE lease_owner = 'stopped'", Long.class))
                .as("the stopped holder's claim rolled back").isZero();
        assertThat(rows.countLeased()).as("the cap held").isEqualTo(LIMIT);
    }

    @Test
    void aHolderBusyOnTheServerIsWaitedFor() throws Exception {
        StallingDataSource busy = new StallingDataSource(pool(), StallingDataSource.busyOnTheServerFor(5));
        CompletableFuture<List<ClaimedTask>> busyClaim = CompletableFuture.supplyAsync(
                () -> MyBatisStores.create(busy).leaseStore().claim(claim("busy")));
        assertThat(busy.stalled.await(10, TimeUnit.SECONDS)).isTrue();

        List<ClaimedTask> whileBusy = MyBatisStores.create(pool()).leaseStore().claim(claim("other"));

        assertThat(whileBusy).as("nothing claimed past the busy holder").isEmpty();
        assertThat(busyClaim.get(20, TimeUnit.SECONDS)).as("the busy holder's claim").hasSize(LIMIT);
    }

    @Test
    void aWaiterEndsNoConnectionWhileTheRowIsHeldByATransactionThatIsNoClaim() throws Exception {
        assertThat(MyBatisStores.create(pool()).leaseStore().claim(claim("last"))).hasSize(LIMIT);
        String lastHolder = rows.jdbc().queryForObject(
                "SELECT locked_by FROM system_async_task_lock WHERE name = 'claim'", String.class);
        long lastConnection = Long.parseLong(lastHolder.substring(0, lastHolder.indexOf(' ')));

        try (Connection operator = pool().getConnection()) {
            operator.setAutoCommit(false);
            try (Statement lock = operator.createStatement()) {
                lock.executeQuery("SELECT name FROM system_async_task_lock WHERE name = 'claim' FOR UPDATE").close();
            }
            Thread.sleep(StalledClaimHolders.OVERDUE.toMillis() + 500);   // the last claim's connection idles past it

            assertThat(MyBatisStores.create(pool()).leaseStore().claim(claim("waiter"))).isEmpty();
            assertThat(rows.jdbc().queryForObject("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID = ?",
                    Long.class, lastConnection)).as("the connection of the claim that ended, idle in its pool").isOne();
            try (Statement stillOpen = operator.createStatement()) {
                assertThat(stillOpen.executeQuery("SELECT 1").next()).as("the transaction holding the row").isTrue();
            }
            operator.rollback();
        }
    }

    private static ClaimRequest claim(String worker) {
        return new ClaimRequest(worker, Set.of(TYPE), 8, LEASE, CAPPED);
    }

    private HikariDataSource pool() {
        HikariDataSource pool = db.newDataSource(2);
        pools.add(pool);
        return pool;
    }
}
