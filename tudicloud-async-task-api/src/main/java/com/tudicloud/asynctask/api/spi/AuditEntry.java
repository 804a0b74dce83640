package com.tudicloud.asynctask.api.spi;

import java.time.Instant;

/**
 * One record of the audit trail: who did what to what, from where, with what outcome.
 *
 * @param id            its id; 0 for one not yet recorded
 * @param occurredAt    when, on the database's clock; null for one not yet recorded
 * @param username      who: a user, token:&lt;name&gt; for an API token, or the name tried by a failed login
 * @param clientAddress the client's address as the admin saw it (its proxy's forwarded address behind one)
 * @param action        what, e.g. submit, cancel, bulk_retry, schedule_edit, login_failed
 * @param target        what it applied to, e.g. "task 42", "schedule 'nightly'", a bulk action's filter
 * @param taskId        the task, for an action on one task
 * @param count         how many tasks it changed or matched, for an action on many
 * @param outcome       how it ended, e.g. ok, not_found, conflict, refused, started, cancelled
 */
public record AuditEntry(long id, Instant occurredAt, String username, String clientAddress, String action,
                         String target, Long taskId, Long count, String outcome) {

    public static final int MAX_USERNAME_LENGTH = 255;
    public static final int MAX_ADDRESS_LENGTH = 64;
    public static final int MAX_ACTION_LENGTH = 40;
    public static final int MAX_TARGET_LENGTH = 1000;
    public static final int MAX_OUTCOME_LENGTH = 40;

    /** A record to write: its texts cut to their columns. */
    public static AuditEntry of(String username, String clientAddress, String action, String target, Long taskId,
                                Long count, String outcome) {
        return new AuditEntry(0, null, cut(username, MAX_USERNAME_LENGTH), cut(clientAddress, MAX_ADDRESS_LENGTH),
                cut(action, MAX_ACTION_LENGTH), cut(target, MAX_TARGET_LENGTH), taskId, count, cut(outcome, MAX_OUTCOME_LENGTH));
    }

    /** Cut to at most {@code max} code points, never in the middle of a surrogate pair. */
    private static String cut(String text, int max) {
        if (text == null || text.codePointCount(0, text.length()) <= max) {
            return text;
        }
        return text.substring(0, text.offsetByCodePoints(0, max));
    }
}
