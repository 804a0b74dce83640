package com.tudicloud.asynctask.admin.api;

import com.tudicloud.asynctask.admin.AdminProperties;
import com.tudicloud.asynctask.admin.AdminRole;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

/** The user a request runs for: its name, as operators' records keep it, and whether it is an operator. */
final class SecurityUser {

    private static final String OPERATOR = "ROLE_" + AdminRole.OPERATOR.name();

    private SecurityUser() {
    }

    static String name() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        return authentication == null ? "(anonymous)" : authentication.getName();
    }

    static boolean isOperator() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        return authentication != null && authentication.getAuthorities().stream()
                .anyMatch(authority -> OPERATOR.equals(authority.getAuthority()));
    }
}
