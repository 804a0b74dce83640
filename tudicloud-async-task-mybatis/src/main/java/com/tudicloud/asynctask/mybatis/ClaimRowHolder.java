package com.tudicloud.asynctask.mybatis;

import java.time.LocalDateTime;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Who holds the claim row, as the row's newest version says.
 *
 * @param lockedBy the holder's connection id and worker id, separated by a space (MySQL and MariaDB), or the
 *                 worker id alone (databases without connection ids); null before any limited claim
 * @param lockedUntil when the hold is overdue
 * @param overdue  whether the holder locked the row longer ago than a claim ever needs
 */
record ClaimRowHolder(String lockedBy, LocalDateTime lockedUntil, boolean overdue) {

    /** Whether both name the same hold: the same holder, locked at the same instant. */
    boolean sameHoldAs(ClaimRowHolder other) {
        return other != null && Objects.equals(lockedBy, other.lockedBy) && Objects.equals(lockedUntil, other.lockedUntil);
    }

    /** The holder's connection, where the row names one. */
    OptionalLong connectionId() {
        int space = lockedBy == null ? -1 : lockedBy.indexOf(' ');
        if (space < 0) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(lockedBy.substring(0, space)));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /** The worker that holds it, for the log. */
    String workerId() {
        int space = lockedBy == null ? -1 : lockedBy.indexOf(' ');
        return space < 0 ? lockedBy : lockedBy.substring(space + 1);
    }
}
