package com.tudicloud.asynctask.benchmark.engine;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskRequest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

class TaskFeedTest {

    private final List<TaskRequest> sent = new ArrayList<>();
    private final TaskFeed feed = new TaskFeed(recordingClient(), "bench.test");

    @Test
    void theKeysTakeTurnsUntilTheFeedIsToldToStop() {
        int submitted = feed.submitAtRate(1_000, Duration.ofSeconds(60), List.of("B", "C", "D"), () -> sent.size() == 7);

        assertThat(submitted).isEqualTo(7);
        assertThat(sent).extracting(TaskRequest::key).containsExactly("B", "C", "D", "B", "C", "D", "B");
        assertThat(sent).extracting(TaskRequest::taskType).containsOnly("bench.test");
    }

    @Test
    void withoutKeysTheTasksHaveNoneAndTheDurationBoundsTheCount() {
        int submitted = feed.submitAtRate(1_000, Duration.ofMillis(5), List.of(), () -> false);

        assertThat(submitted).isEqualTo(5);
        assertThat(sent).hasSize(5).extracting(TaskRequest::key).containsOnlyNulls();
    }

    private AsyncTaskClient recordingClient() {
        AsyncTaskClient client = mock(AsyncTaskClient.class);
        when(client.submit(any())).thenAnswer(call -> {
            sent.add(call.getArgument(0));
            return null;
        });
        return client;
    }
}
