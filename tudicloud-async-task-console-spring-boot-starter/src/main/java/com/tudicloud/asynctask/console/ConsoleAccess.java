package com.tudicloud.asynctask.console;

import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;

import java.util.Collection;
import java.util.Optional;
import java.util.Set;

/**
 * Which authorities of a logged-in user make it an operator or a viewer of the console, and where the console's
 * logout button posts. An operator authority makes an operator, else a viewer authority a viewer; a user with
 * neither, and an anonymous one, has no role.
 */
public final class ConsoleAccess {

    private final Set<String> viewerAuthorities;
    private final Set<String> operatorAuthorities;
    private final String logoutPath;

    /** @param logoutPath the application's logout (a POST), from its context path; null for no logout button */
    public ConsoleAccess(Collection<String> viewerAuthorities, Collection<String> operatorAuthorities,
                         String logoutPath) {
        this.viewerAuthorities = Set.copyOf(viewerAuthorities);
        this.operatorAuthorities = Set.copyOf(operatorAuthorities);
        this.logoutPath = logoutPath;
    }

    public Optional<ConsoleRole> roleOf(Authentication authentication) {
        if (!isLoggedIn(authentication)) {
            return Optional.empty();
        }
        if (holdsAny(authentication, operatorAuthorities)) {
            return Optional.of(ConsoleRole.OPERATOR);
        }
        return holdsAny(authentication, viewerAuthorities) ? Optional.of(ConsoleRole.VIEWER) : Optional.empty();
    }

    /** Whether the user of the request this thread serves is an operator. */
    public boolean currentUserOperates() {
        return roleOf(SecurityContextHolder.getContext().getAuthentication()).orElse(null) == ConsoleRole.OPERATOR;
    }

    public static boolean isLoggedIn(Authentication authentication) {
        return authentication != null && authentication.isAuthenticated()
                && !(authentication instanceof AnonymousAuthenticationToken);
    }

    public Set<String> viewerAuthorities() {
        return viewerAuthorities;
    }

    public Set<String> operatorAuthorities() {
        return operatorAuthorities;
    }

    /** Null when the console shows no logout button. */
    public String logoutPath() {
        return logoutPath;
    }

    private static boolean holdsAny(Authentication authentication, Set<String> wanted) {
        return authentication.getAuthorities().stream().map(GrantedAuthority::getAuthority).anyMatch(wanted::contains);
    }
}
