package com.tudicloud.asynctask.admin;

import java.time.Instant;

/** A token for programs: {@code async-task.admin.api-tokens[i]}. */
public class AdminApiToken {

    /** Who the token stands for in the audit trail and the task history, as token:&lt;name&gt;. */
    private String name;

    /** The token's SHA-256 digest, sha256:&lt;64 hex digits&gt;, as the create-token command prints it. */
    private String hash;

    private AdminRole role = AdminRole.VIEWER;

    /** When the token stops working; required. */
    private Instant expiresAt;

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public String getHash() {
        return hash;
    }

    public void setHash(String hash) {
        this.hash = hash;
    }

    public AdminRole getRole() {
        return role;
    }

    public void setRole(AdminRole role) {
        this.role = role;
    }

    public Instant getExpiresAt() {
        return expiresAt;
    }

    public void setExpiresAt(Instant expiresAt) {
        this.expiresAt = expiresAt;
    }
}
