package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.StoreLimits;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;

/**
 * Fits what handlers return and report to what the store keeps: text cut to its column's characters
 * (lone surrogates replaced), delays clamped. A value that does not fit would make the database refuse
 * the write of the outcome; so each change is made here, logged and counted
 * ({@code async_task_handler_values_adjusted_total}), and the outcome is written as the handler meant it.
 */
final class StorableValues {

    private static final Logger log = LoggerFactory.getLogger(StorableValues.class);

    private final StoreLimits limits;
    private final AsyncTaskMetrics metrics;

    StorableValues(StoreLimits limits, AsyncTaskMetrics metrics) {
        this.limits = limits;
        this.metrics = metrics;
    }

    String artifactId(ClaimedTask task, String artifactId) {
        return fitted(task, "artifact_id", artifactId, limits.artifactIdLength(), true);
    }

    /** A reason given with {@code TaskResult.fail} or {@code retryAfter}. */
    String reason(ClaimedTask task, String reason) {
        return fitted(task, "last_error", reason, limits.errorLength(), true);
    }

    /** @param logIt false to count only: a handler may report progress many times per execution */
    String progressMessage(ClaimedTask task, String message, boolean logIt) {
        return fitted(task, "progress_message", message, limits.progressMessageLength(), logIt);
    }

    long retryDelayMillis(ClaimedTask task, Duration delay) {
        long millis = limits.delayMillis(delay);
        if (delay != null && delay.compareTo(limits.maxDelay()) > 0) {
            log.warn("Task {} ({}): its handler asked for a retry in {}; retrying in {}, the longest delay the store "
                    + "keeps", task.id(), task.taskType(), delay, limits.maxDelay());
            metrics.valueAdjusted(task.taskType(), "retry_delay");
        }
        return millis;
    }

    /** A text the engine writes itself (a stack trace, say): cut to the error column, no fuss. */
    String error(String text) {
        return limits.fit(text, limits.errorLength());
    }

    /** A delay the engine chose itself (a backoff): clamped, no fuss. */
    long delayMillis(Duration delay) {
        return limits.delayMillis(delay);
    }

    private String fitted(ClaimedTask task, String field, String text, int maxLength, boolean logIt) {
        String fitted = limits.fit(text, maxLength);
        if (fitted != text) {
            metrics.valueAdjusted(task.taskType(), field);
            if (logIt) {
                log.warn("Task {} ({}): its handler's {} did not fit the store ({} UTF-16 units); kept {} characters, "
                        + "unpaired surrogates replaced", task.id(), task.taskType(), field, text.length(),
                        fitted.codePointCount(0, fitted.length()));
            }
        }
        return fitted;
    }
}
