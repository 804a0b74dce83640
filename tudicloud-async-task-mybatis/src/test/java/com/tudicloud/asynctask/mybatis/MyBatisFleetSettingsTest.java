package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.FleetSettings;
import com.tudicloud.asynctask.mybatis.testing.TestDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The fleet's caps as the database keeps them: whoever wrote a cap last set it for every worker. */
class MyBatisFleetSettingsTest {

    private final TestDatabase db = TestDatabase.get();
    private final FleetSettings settings = MyBatisStores.create(db.dataSource()).fleetSettings();

    @BeforeEach
    void noCaps() {
        db.execute("DELETE FROM system_async_task_type");
        db.execute("UPDATE system_async_task_lock SET max_running = NULL");
    }

    @Test
    void withoutCapsEveryTypeIsUnlimited() {
        assertThat(settings.concurrencyLimits(Set.of("mail", "report"))).isEqualTo(ConcurrencyLimits.NONE);
    }

    @Test
    void theLastWriterOfACapSetsItAndCapsNotNamedStay() {
        settings.setConcurrencyLimits(new ConcurrencyLimits(10, Map.of("report", 5, "mail", 3)));
        settings.setConcurrencyLimits(new ConcurrencyLimits(0, Map.of("report", 2)));

        assertThat(settings.concurrencyLimits(Set.of("mail", "report", "sms")))
                .isEqualTo(new ConcurrencyLimits(10, Map.of("report", 2, "mail", 3)));
        assertThat(settings.concurrencyLimits(Set.of("sms"))).isEqualTo(new ConcurrencyLimits(10, Map.of()));

        settings.setConcurrencyLimits(new ConcurrencyLimits(4, Map.of()));
        assertThat(settings.concurrencyLimits(Set.of("report")).global()).isEqualTo(4);
    }
}
