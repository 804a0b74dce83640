package com.tudicloud.asynctask.admin.api;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * What operators did, for the record: each action at INFO with the user who took it, and counted in
 * {@code async_task_operator_actions_total{action}} (every action's counter exists from the start, so a rate
 * of zero is a value and not a gap).
 */
@Component
public class OperatorActions {

    /** The actions, as the metric's {@code action} tag spells them. */
    public enum Action {
        PAUSE, RESUME, BULK_RETRY, BULK_CANCEL, CANCEL, RETRY,
        SCHEDULE_CREATE, SCHEDULE_EDIT, SCHEDULE_PAUSE, SCHEDULE_RESUME, SCHEDULE_TRIGGER, SCHEDULE_DELETE;

        String tag() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private static final Logger log = LoggerFactory.getLogger(OperatorActions.class);

    private final Map<Action, Counter> counters = new EnumMap<>(Action.class);

    public OperatorActions(MeterRegistry registry) {
        for (Action action : Action.values()) {
            counters.put(action, Counter.builder("async.task.operator.actions")
                    .description("Actions operators took through the admin API: pauses, resumes, bulk and single "
                            + "retries and cancels, schedule changes")
                    .tag("action", action.tag())
                    .register(registry));
        }
    }

    /** @param what the action's target and outcome; text from the request is quoted by the caller */
    void record(Action action, String what) {
        counters.get(action).increment();
        log.info("Operator {} {}: {}", LogText.quoted(SecurityUser.name()), action.tag(), what);
    }
}
