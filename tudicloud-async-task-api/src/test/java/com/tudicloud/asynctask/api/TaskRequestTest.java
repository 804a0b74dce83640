package com.tudicloud.asynctask.api;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TaskRequestTest {

    @Test
    void buildsWithDefaultsAndKeepsEveryChoice() {
        TaskRequest request = TaskRequest.of("mail", "payload").withPriority(3).withMaxAttempts(5)
                .withOwnerId("alice").withDedupKey("k").withDelay(Duration.ofSeconds(2));

        assertThat(request).isEqualTo(new TaskRequest("mail", "payload", 3, Duration.ofSeconds(2), null, 5, "alice", "k"));
        // left to the task type's policy
        assertThat(TaskRequest.of("mail", null).maxAttempts()).isNull();
        assertThat(TaskRequest.of("mail", null).priority()).isNull();
    }

    @Test
    void aRunAtReplacesTheDelayAndTheOtherWayRound() {
        Instant at = Instant.parse("2030-01-01T00:00:00Z");

        TaskRequest scheduled = TaskRequest.of("mail", null).withDelay(Duration.ofMinutes(1)).withRunAt(at);
        assertThat(scheduled.runAt()).isEqualTo(at);
        assertThat(scheduled.delay()).isZero();
        assertThat(scheduled.withDelay(Duration.ofSeconds(1)).runAt()).isNull();
    }

    @Test
    void aKeyIsKeptThroughTheOtherChoicesAndRefusedWhereItWouldNotMatchExactly() {
        TaskRequest keyed = TaskRequest.of("export", null).withKey("customer-42").withPriority(2).withDelay(Duration.ofSeconds(1));
        assertThat(keyed.key()).isEqualTo("customer-42");
        assertThat(TaskRequest.of("export", null).key()).isNull();
        assertThat(keyed.withKey(null).key()).isNull();

        assertThatThrownBy(() -> keyed.withKey(" ")).hasMessage("key must not be blank");
        assertThatThrownBy(() -> keyed.withKey("k".repeat(TaskRequest.MAX_KEY_LENGTH + 1)))
                .hasMessage("key must be at most 128 characters");
        assertThatThrownBy(() -> keyed.withKey("customer-42 ")).hasMessage("key must not start or end with white space");
    }

    @Test
    void refusesWhatCouldNeverBeStored() {
        assertThatThrownBy(() -> TaskRequest.of(" ", null)).hasMessage("taskType must not be blank");
        assertThatThrownBy(() -> TaskRequest.of("x".repeat(101), null)).hasMessageContaining("at most 100");
        assertThatThrownBy(() -> TaskRequest.of("mail", null).withMaxAttempts(0)).hasMessageContaining("at least 1");
        assertThatThrownBy(() -> TaskRequest.of("mail", null).withDelay(Duration.ofMillis(-1))).hasMessageContaining("negative");
        assertThatThrownBy(() -> TaskRequest.of("mail", null).withOwnerId("")).hasMessage("ownerId must not be blank");
        assertThatThrownBy(() -> TaskRequest.of("mail", null).withDedupKey("d".repeat(192))).hasMessageContaining("at most 191");
        assertThatThrownBy(() -> TaskRequest.of("mail", null).withDedupKey("order-7 ")).hasMessageContaining("white space");
    }

    @Test
    void onlySuccessFailureAndCancellationAreTerminal() {
        assertThat(TaskStatus.values()).filteredOn(TaskStatus::isTerminal)
                .containsExactlyInAnyOrder(TaskStatus.SUCCESS, TaskStatus.FAILED, TaskStatus.CANCELLED);
        assertThat(TaskStatus.values()).filteredOn(TaskStatus::isLeased)
                .containsExactlyInAnyOrder(TaskStatus.RUNNING, TaskStatus.CANCEL_REQUESTED);
    }
}
