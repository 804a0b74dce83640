package com.tudicloud.asynctask.admin.security;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/**
 * Runs before any password or token check: a request that carries credentials (HTTP Basic, a bearer token, or
 * the login form's POST) from a user name or address whose failed logins are used up gets 429 with
 * Retry-After, and its credentials are not checked at all, so that guessing costs the server nothing.
 */
final class LoginThrottleFilter extends OncePerRequestFilter {

    private final LoginThrottle throttle;
    private final ProblemResponses problems;
    private final Counter throttled;

    LoginThrottleFilter(LoginThrottle throttle, ProblemResponses problems, MeterRegistry registry) {
        this.throttle = throttle;
        this.problems = problems;
        this.throttled = Counter.builder("async.task.login.throttled")
                .description("Requests with credentials refused with 429 before any check: too many failed logins "
                        + "for their user name or from their address")
                .register(registry);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Attempt attempt = attempt(request);
        if (attempt != null) {
            Duration wait = throttle.waitBeforeTrying(attempt.user(), request.getRemoteAddr());
            if (!wait.isZero()) {
                throttled.increment();
                problems.throttled(request, response, wait);
                return;
            }
        }
        chain.doFilter(request, response);
    }

    /** The user name a request tries to log in as (null for a token); the request itself null when it tries none. */
    private record Attempt(String user) {
    }

    private static Attempt attempt(HttpServletRequest request) {
        String authorization = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (authorization != null) {
            return new Attempt(basicUser(authorization));
        }
        if ("POST".equals(request.getMethod())
                && "/login".equals(request.getRequestURI().substring(request.getContextPath().length()))) {
            return new Attempt(request.getParameter("username"));
        }
        return null;
    }

    /** The user name of Basic credentials; null for any other scheme or undecodable credentials. */
    static String basicUser(String authorization) {
        if (authorization.length() < 6 || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            return null;
        }
        try {
            String decoded = new String(Base64.getDecoder().decode(authorization.substring(6).trim()), StandardCharsets.UTF_8);
            int colon = decoded.indexOf(':');
            return colon < 0 ? null : decoded.substring(0, colon);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
