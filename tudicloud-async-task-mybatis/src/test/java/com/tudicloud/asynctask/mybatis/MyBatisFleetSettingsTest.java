package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.FleetSettings;
import com.tudicloud.asynctask.api.spi.RateLimit;
import com.tudicloud.asynctask.api.spi.TypeSettings;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fleet's caps as the database keeps them: whoever wrote a cap last set it for every worker. Pauses:
 * the first pause of a type holds (who, when) until it is resumed; a pause or resume that changes nothing says so.
 */
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

    @Test
    void aRateLimitIsWrittenAndReadWithTheCapsAndStaysWhenOnlyACapIsWritten() {
        RateLimit hundredPerMinute = new RateLimit(100, Duration.ofMinutes(1));
        settings.setConcurrencyLimits(new ConcurrencyLimits(0, Map.of("report", 5), Map.of(),
                Map.of("mail", hundredPerMinute, "report", new RateLimit(7, Duration.ofMillis(1500)))));
        settings.setConcurrencyLimits(new ConcurrencyLimits(0, Map.of("mail", 3)));

        assertThat(settings.concurrencyLimits(Set.of("mail", "report", "sms"))).isEqualTo(new ConcurrencyLimits(0,
                Map.of("report", 5, "mail", 3), Map.of(),
                Map.of("mail", hundredPerMinute, "report", new RateLimit(7, Duration.ofMillis(1500)))));
        assertThat(settings.concurrencyLimits(Set.of("sms"))).isEqualTo(ConcurrencyLimits.NONE);
    }

    @Test
    void aFairTypeIsWrittenAndReadWithTheCapsAndStaysWhenOnlyACapIsWritten() {
        settings.setConcurrencyLimits(new ConcurrencyLimits(0, Map.of(), Map.of("mail", 2), Map.of(), Set.of("report")));
        settings.setConcurrencyLimits(new ConcurrencyLimits(0, Map.of("report", 4)));

        assertThat(settings.concurrencyLimits(Set.of("mail", "report", "sms"))).isEqualTo(new ConcurrencyLimits(0,
                Map.of("report", 4), Map.of("mail", 2), Map.of(), Set.of("report")));
        assertThat(settings.concurrencyLimits(Set.of("mail")).fair()).isEmpty();

        db.execute("UPDATE system_async_task_type SET fair_claims = FALSE WHERE task_type = 'report'");
        assertThat(settings.concurrencyLimits(Set.of("report")).fair()).as("set off in the database").isEmpty();
    }

    @Test
    void aPauseHoldsItsFirstOperatorUntilResumedAndKeepsTheTypesCap() {
        settings.setConcurrencyLimits(new ConcurrencyLimits(0, Map.of("report", 5)));

        assertThat(settings.pause("report", "alice")).isTrue();
        assertThat(settings.pause("report", "bob")).isFalse();
        assertThat(settings.pause("mail", "bob")).isTrue();        // a type without a row yet
        assertThat(settings.pausedTypes(Set.of("report", "mail", "sms"))).containsExactlyInAnyOrder("report", "mail");
        assertThat(settings.pausedTypes(Set.of("sms"))).isEmpty();
        assertThat(settings.pausedTypes(Set.of())).isEmpty();

        TypeSettings all = settings.typeSettings();
        assertThat(all.types()).extracting(TypeSettings.Type::taskType).containsExactly("mail", "report");
        TypeSettings.Type report = all.types().get(1);
        assertThat(report.pausedBy()).isEqualTo("alice");
        assertThat(report.pausedAt()).isNotNull();
        assertThat(report.maxRunning()).isEqualTo(5);
        assertThat(all.types().get(0).maxRunning()).isNull();

        assertThat(settings.resume("report")).isTrue();
        assertThat(settings.resume("report")).isFalse();
        assertThat(settings.resume("never-seen")).isFalse();
        assertThat(settings.pausedTypes(Set.of("report", "mail"))).containsExactly("mail");
        TypeSettings.Type resumed = settings.typeSettings().types().get(1);
        assertThat(resumed).isEqualTo(new TypeSettings.Type("report", 5, null, null, null, null, null, false));
        assertThat(settings.concurrencyLimits(Set.of("report"))).isEqualTo(new ConcurrencyLimits(0, Map.of("report", 5)));
    }

    @Test
    void typeNamesAtTheColumnsEndsAndInAnyScriptArePausedAsTheyAre() {
        String longest = "类".repeat(100);
        String emoji = "\uD83D\uDE80 launch";
        assertThat(settings.pause(longest, "运维")).isTrue();
        assertThat(settings.pause(emoji, "x".repeat(255))).isTrue();

        assertThat(settings.pausedTypes(Set.of(longest, emoji, "类"))).containsExactlyInAnyOrder(longest, emoji);
        assertThat(settings.typeSettings().globalLimit()).isZero();
    }
}
