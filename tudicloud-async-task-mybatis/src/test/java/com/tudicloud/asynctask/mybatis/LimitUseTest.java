package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.LimitUse;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.RateLimit;
import com.tudicloud.asynctask.api.spi.TypeSettings;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The use of per-key caps and rate limits an operator reads, after real claims under them. */
class LimitUseTest {

    private static final ConcurrencyLimits LIMITS = new ConcurrencyLimits(0, Map.of("plain", 4), Map.of("keyed", 2),
            Map.of("rated", new RateLimit(5, Duration.ofMinutes(1))), Set.of("keyed"));

    private final TestDatabase db = TestDatabase.get();
    private final MyBatisStores stores = MyBatisStores.create(db.dataSource());

    @BeforeEach
    void setUp() {
        db.deleteAllTasks();
    }

    @Test
    void countsTheKeysAtTheirCapAndTheStartsInTheRateWindow() {
        stores.fleetSettings().setConcurrencyLimits(LIMITS);
        List<NewTask> tasks = new ArrayList<>();
        for (String key : List.of("a", "a", "a", "b", "c", "c")) {
            tasks.add(new NewTask("keyed", "{}", 0, 0, 3, null, null, key, null));
        }
        for (int i = 0; i < 8; i++) {
            tasks.add(new NewTask("rated", "{}", 0, 0, 3, null, null));
            tasks.add(new NewTask("plain", "{}", 0, 0, 3, null, null));
        }
        stores.taskStore().insert(tasks);

        assertThat(stores.leaseStore().claim(new ClaimRequest("w", Set.of("keyed", "rated", "plain"), 32,
                Duration.ofMinutes(1), LIMITS))).hasSize(2 + 1 + 2 + 5 + 4);
        List<TypeSettings.Type> types = stores.fleetSettings().typeSettings().types();

        assertThat(types).filteredOn(type -> type.taskType().equals("keyed")).singleElement()
                .satisfies(type -> {
                    assertThat(type.maxRunningPerKey()).isEqualTo(2);
                    assertThat(type.fair()).isTrue();
                });
        assertThat(types).filteredOn(type -> type.taskType().equals("rated")).singleElement()
                .satisfies(type -> {
                    assertThat(type.rateLimit()).isEqualTo(5);
                    assertThat(type.ratePeriodMs()).isEqualTo(60_000L);
                });
        assertThat(stores.adminStore().limitUse(types)).as("one entry per type with a key cap or a rate limit")
                .containsExactly(new LimitUse("keyed", 2, 0), new LimitUse("rated", 0, 5));
    }
}
