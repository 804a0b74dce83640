package com.tudicloud.asynctask.console.api;

import com.tudicloud.asynctask.console.api.error.ApiProblems;
import java.util.regex.Pattern;

/**
 * Task and batch ids in paths: plain decimal digits only. Spring's own number conversion would also take
 * " 27", "0x1c" or Arabic-Indic digits, so that a malformed id could still cancel a task.
 */
final class TaskIds {

    private static final Pattern DIGITS = Pattern.compile("[0-9]{1,18}");

    private TaskIds() {
    }

    static long parse(String text) {
        return parse(text, "id", "problem.id.notTaskId");
    }

    /** A batch id, which follows the same rule. */
    static long parseBatchId(String text) {
        return parse(text, "batchId", "problem.id.notBatchId");
    }

    private static long parse(String text, String field, String messageCode) {
        if (text == null || !DIGITS.matcher(text).matches()) {
            throw ApiProblems.badRequest(field, messageCode, String.valueOf(text));
        }
        return Long.parseLong(text);
    }
}
