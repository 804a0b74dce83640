package com.tudicloud.asynctask.admin.api;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

/** The name of the user a request runs for, as operators' records keep it. */
final class SecurityUser {

    private SecurityUser() {
    }

    static String name() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        return authentication == null ? "(anonymous)" : authentication.getName();
    }
}
