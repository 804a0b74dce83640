package com.tudicloud.asynctask.console.timeline;

import com.tudicloud.asynctask.api.spi.QueueSample;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** An hour of queue samples in memory, and the sampling interval checked at start. */
class QueueSamplesTest {

    private final TaskAdminStore store = MyBatisStores.create(TestDatabase.get().dataSource()).adminStore();

    @Test
    void keepsAnHourOfSamplesAndAnswersThoseAfterAnInstant() {
        QueueSamples samples = new QueueSamples(store, Duration.ofSeconds(10));
        Instant start = Instant.parse("2026-12-01T08:00:00Z");
        for (int minute = 0; minute <= 90; minute++) {
            samples.add(new QueueSample(start.plus(Duration.ofMinutes(minute)), minute, 90 - minute));
        }

        assertThat(samples.since(Instant.EPOCH)).as("an hour before the newest sample, both ends kept").hasSize(61)
                .first().extracting(QueueSample::due).isEqualTo(30L);
        assertThat(samples.since(start.plus(Duration.ofMinutes(85)))).extracting(QueueSample::due)
                .containsExactly(86L, 87L, 88L, 89L, 90L);
    }

    @Test
    void aRoundSamplesTheRealQueue() {
        TestDatabase.get().deleteAllTasks();
        QueueSamples samples = new QueueSamples(store, Duration.ofSeconds(10));

        samples.runRound();

        assertThat(samples.since(Instant.EPOCH)).singleElement()
                .satisfies(sample -> assertThat(sample.due() + sample.running()).isZero());
    }
}
