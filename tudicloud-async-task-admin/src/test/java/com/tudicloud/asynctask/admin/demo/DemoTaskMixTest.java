package com.tudicloud.asynctask.admin.demo;

import com.tudicloud.asynctask.api.TaskRequest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** What the feeder submits: every type at start-up, then rounds that cycle through types and owners. */
class DemoTaskMixTest {

    private final DemoProperties properties = new DemoProperties();

    @Test
    void theStartUpBatchHoldsEveryTypeForBothOwners() {
        properties.setInitialTasksPerType(2);

        List<TaskRequest> batch = new DemoTaskMix(properties).startUpBatch();

        assertThat(batch).extracting(TaskRequest::taskType).containsExactly(
                "demo.sleep", "demo.sleep", "demo.flaky", "demo.flaky",
                "demo.export", "demo.export", "demo.import", "demo.import");
        assertThat(batch).extracting(TaskRequest::ownerId)
                .containsExactly("alice", "bob", "alice", "bob", "alice", "bob", "alice", "bob");
    }

    @Test
    void payloadsComeFromTheProperties() {
        properties.setInitialTasksPerType(1);
        properties.setSleep(Duration.ofMillis(1500));
        properties.setFlakyFailures(4);
        properties.setExportRows(70);
        properties.setImportRows(30);

        List<TaskRequest> batch = new DemoTaskMix(properties).startUpBatch();

        assertThat(batch).extracting(TaskRequest::payload).containsExactly(
                new SleepPayload(1500), new FlakyPayload(4), new ExportPayload(70), new ImportPayload(30));
        // one attempt more than the planned failures: a flaky task ends SUCCESS, not FAILED
        assertThat(batch.get(1).maxAttempts()).isEqualTo(5);
    }

    @Test
    void roundsCycleThroughTheTypesAndThenTheOwners() {
        properties.setTasksPerFeed(3);
        DemoTaskMix mix = new DemoTaskMix(properties);

        List<TaskRequest> first = mix.nextRound();
        List<TaskRequest> second = mix.nextRound();
        List<TaskRequest> third = mix.nextRound();

        assertThat(first).extracting(TaskRequest::taskType).containsExactly("demo.sleep", "demo.flaky", "demo.export");
        assertThat(second).extracting(TaskRequest::taskType).containsExactly("demo.import", "demo.sleep", "demo.flaky");
        assertThat(third).extracting(TaskRequest::taskType).containsExactly("demo.export", "demo.import", "demo.sleep");
        assertThat(first).extracting(TaskRequest::ownerId).containsOnly("alice");
        assertThat(second).extracting(TaskRequest::ownerId).containsExactly("alice", "bob", "bob");
    }

    @Test
    void noTasksPerFeedMeansOnlyTheStartUpBatch() {
        properties.setTasksPerFeed(0);

        assertThat(new DemoTaskMix(properties).nextRound()).isEmpty();
    }
}
