package com.tudicloud.asynctask.test;

import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskResult;

import java.time.Duration;
import java.util.List;

/**
 * Does at each attempt what its payload says for that attempt: {@code ok:RESULT}, {@code retry:REASON} (due again
 * at once), {@code fail:REASON}, {@code throw:MESSAGE}; it reports progress {@code 10 * attempt} first.
 */
final class ScriptedHandler implements TaskHandler<ScriptedHandler.Script> {

    static final String TYPE = "kit.scripted";

    record Script(List<String> attempts) {
        static Script of(String... attempts) {
            return new Script(List.of(attempts));
        }
    }

    @Override
    public String taskType() {
        return TYPE;
    }

    @Override
    public Class<Script> payloadType() {
        return Script.class;
    }

    @Override
    public TaskResult execute(TaskContext context, Script script) {
        context.reportProgress(10 * context.attempt(), "attempt " + context.attempt());
        String step = script.attempts().get(context.attempt() - 1);
        String argument = step.substring(step.indexOf(':') + 1);
        return switch (step.substring(0, step.indexOf(':'))) {
            case "ok" -> TaskResult.success(argument);
            case "retry" -> TaskResult.retryAfter(Duration.ZERO, argument);
            case "fail" -> TaskResult.fail(argument);
            case "throw" -> throw new IllegalStateException(argument);
            default -> throw new IllegalArgumentException("no such step: " + step);
        };
    }
}
