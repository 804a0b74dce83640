package com.tudicloud.asynctask.api.spi;

import java.time.Instant;

/**
 * A page of the audit trail, newest first. Every filter is optional (null for none).
 *
 * @param from     inclusive
 * @param to       exclusive
 * @param beforeId only records older than this one (the last id of the previous page): keyset paging
 * @param limit    1 to {@link #MAX_LIMIT}
 */
public record AuditQuery(String username, String action, Instant from, Instant to, Long beforeId, int limit) {

    public static final int MAX_LIMIT = 500;

    public AuditQuery {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be from 1 to " + MAX_LIMIT + ": " + limit);
        }
    }
}
