package com.tudicloud.asynctask.admin.security;

/** Nobody could log in, or a configured login is unsafe: the start stops, saying why and what to set. */
public class NoLoginsException extends IllegalStateException {

    private final String action;

    NoLoginsException(String description, String action) {
        super(description);
        this.action = action;
    }

    public String action() {
        return action;
    }
}
