package com.tudicloud.asynctask.console.autoconfigure;

import com.tudicloud.asynctask.console.ConsoleAccess;
import com.tudicloud.asynctask.console.ConsoleRole;
import com.tudicloud.asynctask.console.api.error.ProblemWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.util.Optional;

/**
 * Who may do what in the console, after the service's Spring Security has said who is logged in: anyone without a
 * console role gets 401 (not logged in) or 403 (logged in, no authority mapped), a viewer 403 for a write to the API
 * or a read of the audit trail. The paths are matched as Spring MVC matches them, so that no spelling of a path
 * reaches a controller past its rule.
 */
final class ConsoleAccessFilter extends OncePerRequestFilter {

    private final RequestMatcher console;
    private final RequestMatcher operatorOnly;
    private final ConsoleAccess access;
    private final ProblemWriter problems;

    ConsoleAccessFilter(String path, ConsoleAccess access, ProblemWriter problems) {
        PathPatternRequestMatcher.Builder paths = PathPatternRequestMatcher.withDefaults();
        this.console = paths.matcher(path + "/**");
        this.operatorOnly = new OrRequestMatcher(paths.matcher(path + "/api/audit/**"),
                paths.matcher(HttpMethod.POST, path + "/api/**"), paths.matcher(HttpMethod.PUT, path + "/api/**"),
                paths.matcher(HttpMethod.PATCH, path + "/api/**"), paths.matcher(HttpMethod.DELETE, path + "/api/**"));
        this.access = access;
        this.problems = problems;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !console.matches(request);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Authentication user = SecurityContextHolder.getContext().getAuthentication();
        Optional<ConsoleRole> role = access.roleOf(user);
        if (role.isEmpty()) {
            boolean loggedIn = ConsoleAccess.isLoggedIn(user);
            problems.write(request, response, loggedIn ? HttpStatus.FORBIDDEN : HttpStatus.UNAUTHORIZED, null,
                    problems.text(request, loggedIn ? "problem.console.noRole" : "problem.console.login"));
            return;
        }
        if (role.get() != ConsoleRole.OPERATOR && operatorOnly.matches(request)) {
            problems.write(request, response, HttpStatus.FORBIDDEN, null, problems.text(request, "problem.role"));
            return;
        }
        chain.doFilter(request, response);
    }
}
