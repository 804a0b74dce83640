package com.tudicloud.asynctask.mybatis;

import org.junit.jupiter.api.Test;
import org.springframework.dao.CannotAcquireLockException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.PessimisticLockingFailureException;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TransientLockRetryTest {

    private final List<String> retried = new ArrayList<>();
    private final TransientLockRetry retry = new TransientLockRetry(3, 1, retried::add);
    private final AtomicInteger calls = new AtomicInteger();

    @Test
    void aDeadlockVictimRunsAgain() {
        String result = retry.call("claim", () -> {
            if (calls.incrementAndGet() < 3) {
                throw new PessimisticLockingFailureException("Deadlock found when trying to get lock");
            }
            return "claimed";
        });

        assertThat(result).isEqualTo("claimed");
        assertThat(calls).hasValue(3);
        assertThat(retried).containsExactly("claim", "claim");
    }

    @Test
    void givesUpAfterTheLastAttempt() {
        assertThatThrownBy(() -> retry.call("renew", () -> {
            calls.incrementAndGet();
            throw new CannotAcquireLockException("Lock wait timeout exceeded");
        })).isInstanceOf(CannotAcquireLockException.class);
        assertThat(calls).hasValue(3);
    }

    @Test
    void otherFailuresAreNotRetried() {
        assertThatThrownBy(() -> retry.call("complete", () -> {
            calls.incrementAndGet();
            throw new DataIntegrityViolationException("Data too long");
        })).isInstanceOf(DataIntegrityViolationException.class);
        assertThat(calls).hasValue(1);
        assertThat(retried).isEmpty();
    }
}
