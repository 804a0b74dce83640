package com.tudicloud.asynctask.admin.api;

import com.tudicloud.asynctask.admin.api.error.ApiProblems;
import java.util.regex.Pattern;

/**
 * Task ids in paths: plain decimal digits only. Spring's own number conversion would also take
 * " 27", "0x1c" or Arabic-Indic digits, so that a malformed id could still cancel a task.
 */
final class TaskIds {

    private static final Pattern DIGITS = Pattern.compile("[0-9]{1,18}");

    private TaskIds() {
    }

    static long parse(String text) {
        if (text == null || !DIGITS.matcher(text).matches()) {
            throw ApiProblems.badRequest("id", "problem.id.notTaskId", String.valueOf(text));
        }
        return Long.parseLong(text);
    }
}
