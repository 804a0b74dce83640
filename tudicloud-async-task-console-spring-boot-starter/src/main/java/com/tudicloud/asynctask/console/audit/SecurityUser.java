package com.tudicloud.asynctask.console.audit;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

/** The user a request runs for, by the name operators' records keep. */
public final class SecurityUser {

    private SecurityUser() {
    }

    public static String name() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        return authentication == null ? "(anonymous)" : authentication.getName();
    }
}
