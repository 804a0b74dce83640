package com.tudicloud.asynctask.console.api;

import com.tudicloud.asynctask.console.api.error.ApiProblems;
import com.tudicloud.asynctask.console.api.error.UnicodeText;
import com.tudicloud.asynctask.console.api.json.SubmitTaskBody;
import com.tudicloud.asynctask.api.TaskRequest;

import org.springframework.web.ErrorResponseException;

import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

/** The checks a submitted task's body passes beyond its annotations, and its request; a problem names the field. */
final class SubmitChecks {

    private final TaskTypeCatalog taskTypes;

    SubmitChecks(TaskTypeCatalog taskTypes) {
        this.taskTypes = taskTypes;
    }

    /** @param prefix what leads the body's field names in a problem ("" for a body of its own, "children[3]." in a list) */
    TaskRequest requestOf(SubmitTaskBody body, String prefix) {
        if (!taskTypes.isKnown(body.taskType())) {
            throw ApiProblems.badRequest(prefix + "taskType", "problem.taskType.unknown", body.taskType(),
                    taskTypes.known().toString());
        }
        if (body.payload() != null && UnicodeText.hasLoneSurrogate(body.payload())) {
            throw ApiProblems.badRequest(prefix + "payload", "problem.payload.loneSurrogate");
        }
        if (body.delayMs() != null && body.runAt() != null) {
            throw ApiProblems.badRequest(prefix + "runAt", "problem.runAt.withDelay");
        }
        if (body.runAt() != null && Duration.between(Instant.now(), body.runAt()).abs().compareTo(SubmitTaskBody.MAX_DELAY) > 0) {
            throw ApiProblems.badRequest(prefix + "runAt", "problem.runAt.range");
        }
        try {
            return body.toRequest();
        } catch (IllegalArgumentException e) {
            throw asBadRequest(e, prefix);
        }
    }

    /**
     * Runs a submit, or the building of its request; a refused value (an id in {@code after} of no task, an owner id
     * the request's rules refuse) is a 400 that names the field.
     */
    static <T> T submitting(Supplier<T> submit) {
        try {
            return submit.get();
        } catch (IllegalArgumentException e) {
            throw asBadRequest(e, "");
        }
    }

    /** The request's and the store's rules name the field first in their message, e.g. "ownerId must not be blank". */
    private static ErrorResponseException asBadRequest(IllegalArgumentException e, String prefix) {
        String message = String.valueOf(e.getMessage());
        int space = message.indexOf(' ');
        return space > 0 ? ApiProblems.badRequestAsWorded(prefix + message.substring(0, space), message.substring(space + 1))
                : ApiProblems.badRequestAsWorded(prefix.isEmpty() ? "body" : prefix.substring(0, prefix.length() - 1),
                message);
    }
}
