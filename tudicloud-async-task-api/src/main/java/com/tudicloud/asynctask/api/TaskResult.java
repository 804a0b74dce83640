package com.tudicloud.asynctask.api;

import java.time.Duration;
import java.util.Objects;

/**
 * How an execution ended, as the handler tells it. What the store cannot keep is fitted, logged and
 * counted, never refused: an artifact id is kept to 255 characters, a reason to 2,000, a retry delay to
 * 200 years (unpaired UTF-16 surrogates become U+FFFD).
 */
public sealed interface TaskResult {

    static TaskResult success() {
        return new Success(null);
    }

    /** @param artifactId where the output lives (a file key, a report id), shown to operators */
    static TaskResult success(String artifactId) {
        return new Success(artifactId);
    }

    /** Try again after {@code delay}, counting an attempt; FAILED once the attempts run out. */
    static TaskResult retryAfter(Duration delay, String reason) {
        return new Retry(delay, reason);
    }

    /** End FAILED now, whatever attempts remain: the input can never succeed. */
    static TaskResult fail(String reason) {
        return new Failure(reason);
    }

    record Success(String artifactId) implements TaskResult {
    }

    record Retry(Duration delay, String reason) implements TaskResult {
        public Retry {
            Objects.requireNonNull(delay, "delay");
            if (delay.isNegative()) {
                throw new IllegalArgumentException("retry delay must not be negative: " + delay);
            }
        }
    }

    record Failure(String reason) implements TaskResult {
    }
}
