package com.tudicloud.asynctask.console.audit;

import com.tudicloud.asynctask.console.api.error.LogText;
import com.tudicloud.asynctask.api.spi.AuditEntry;
import com.tudicloud.asynctask.api.spi.AuditTrail;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * What operators did, for the record: each action a row of the audit trail (user, client address, action,
 * target, count, outcome, the database's time), a line at INFO, and a count in
 * {@code async_task_operator_actions_total{action}} (every action's counter exists from the start, so a rate of
 * zero is a value and not a gap). A record that cannot be written is logged at ERROR and counted in
 * {@code async_task_audit_write_failures_total}; the action it describes has happened and stays done.
 */
public class OperatorActions {

    /** The actions, as the metric's {@code action} tag and the audit trail spell them. */
    public enum Action {
        SUBMIT, CANCEL, RETRY, PAUSE, RESUME, BULK_RETRY, BULK_CANCEL, BULK_STOP,
        SCHEDULE_CREATE, SCHEDULE_EDIT, SCHEDULE_PAUSE, SCHEDULE_RESUME, SCHEDULE_TRIGGER, SCHEDULE_DELETE;

        public String tag() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Who acted and from where. */
    public record Actor(String user, String address) {

        /** The user of the request this thread serves, and its client address. */
        public static Actor current() {
            return new Actor(SecurityUser.name(), clientAddress());
        }

        private static String clientAddress() {
            return RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes request
                    ? request.getRequest().getRemoteAddr() : null;
        }
    }

    private static final Logger log = LoggerFactory.getLogger(OperatorActions.class);

    private final Map<Action, Counter> counters = new EnumMap<>(Action.class);
    private final Counter auditFailures;
    private final AuditTrail audit;

    public OperatorActions(MeterRegistry registry, AuditTrail audit) {
        this.audit = audit;
        for (Action action : Action.values()) {
            counters.put(action, Counter.builder("async.task.operator.actions")
                    .description("Actions operators took through the admin API: submits, single and bulk retries and "
                            + "cancels, pauses, resumes, schedule changes")
                    .tag("action", action.tag())
                    .register(registry));
        }
        this.auditFailures = Counter.builder("async.task.audit.write.failures")
                .description("Records of the audit trail that could not be written (the database refused or was away)")
                .register(registry);
    }

    /** An action of the request's user. */
    public void record(Action action, String target, Long taskId, Long count, String outcome) {
        record(Actor.current(), action, target, taskId, count, outcome);
    }

    /**
     * @param target what it applied to; text from the request is quoted by the caller ({@link LogText})
     * @param outcome how it ended: ok, or what stopped it
     */
    public void record(Actor actor, Action action, String target, Long taskId, Long count, String outcome) {
        counters.get(action).increment();
        log.info("Operator {} from {} {}: {}{}: {}", LogText.quoted(actor.user()), actor.address(), action.tag(), target,
                count == null ? "" : " (" + count + " tasks)", outcome);
        write(AuditEntry.of(actor.user(), actor.address(), action.tag(), target, taskId, count, outcome));
    }

    /** A failed login: not an operator's action, but a record of the same trail. */
    public void recordFailedLogin(String user, String address, String reason) {
        write(AuditEntry.of(user, address, "login_failed", null, null, null, reason));
    }

    private void write(AuditEntry entry) {
        try {
            audit.record(entry);
        } catch (RuntimeException e) {
            auditFailures.increment();
            log.error("Could not write the audit record {}", entry, e);
        }
    }
}
