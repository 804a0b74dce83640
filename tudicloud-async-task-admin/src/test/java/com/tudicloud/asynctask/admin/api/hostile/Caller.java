package com.tudicloud.asynctask.admin.api.hostile;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** Who sends a hostile request, as the Authorization header it carries (none for anonymous). */
enum Caller {
    ANONYMOUS(null),
    VIEWER("viewer:viewer"),
    OPERATOR("operator:operator"),
    WRONG_PASSWORD("operator:viewer");

    private final String credentials;

    Caller(String credentials) {
        this.credentials = credentials;
    }

    /** The Authorization header value, or null for a caller who sends none. */
    String authorization() {
        return credentials == null ? null
                : "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Whether the security layer may answer this caller's request to {@code method} on {@code target} with 401 or
     * 403: a viewer reads, except the audit trail, which is the operators'.
     */
    boolean mayBeTurnedAway(String method, String target) {
        return this == ANONYMOUS || this == WRONG_PASSWORD
                || (this == VIEWER && (!method.equals("GET") || target.startsWith("/api/audit")));
    }
}
