package com.tudicloud.asynctask.console.api;

import com.tudicloud.asynctask.console.api.error.ApiProblems;
import com.tudicloud.asynctask.console.api.error.UnicodeText;
import com.tudicloud.asynctask.console.api.json.SubmitTaskBody;
import com.tudicloud.asynctask.api.TaskRequest;

import java.time.Duration;
import java.time.Instant;

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
        // the request's own rules (TaskRequest) name the field in their message, e.g. "ownerId must not be blank"
        try {
            return body.toRequest();
        } catch (IllegalArgumentException e) {
            String message = String.valueOf(e.getMessage());
            int space = message.indexOf(' ');
            throw space > 0 ? ApiProblems.badRequestAsWorded(prefix + message.substring(0, space), message.substring(space + 1))
                    : ApiProblems.badRequestAsWorded(prefix.isEmpty() ? "body" : prefix.substring(0, prefix.length() - 1),
                    message);
        }
    }
}
