package com.tudicloud.asynctask.admin.security;

import com.tudicloud.asynctask.console.api.error.LogText;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.security.authentication.CredentialsExpiredException;
import org.springframework.security.authentication.event.AbstractAuthenticationFailureEvent;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.authentication.WebAuthenticationDetails;

import java.util.Locale;
import java.util.function.Consumer;

/**
 * Every failed login (a password or a token refused): logged at WARN with the user name tried and the client
 * address, never the password; counted in {@code async_task_login_failures_total{reason}}; charged to the
 * throttle; and handed to the audit trail.
 */
public final class LoginFailures {

    /**
     * A failed login as the audit trail records it.
     *
     * @param user the user name tried, null for an API token
     */
    public record Failure(String user, String address, String reason) {
    }

    private static final Logger log = LoggerFactory.getLogger(LoginFailures.class);
    private static final int MAX_USER_LENGTH = 255;

    private final LoginThrottle throttle;
    private final MeterRegistry registry;
    private final Consumer<Failure> audit;

    LoginFailures(LoginThrottle throttle, MeterRegistry registry, Consumer<Failure> audit) {
        this.throttle = throttle;
        this.registry = registry;
        this.audit = audit;
    }

    @EventListener
    void onFailure(AbstractAuthenticationFailureEvent event) {
        Authentication attempt = event.getAuthentication();
        boolean token = attempt instanceof ApiTokenAuthentication;
        String user = token ? null : cut(attempt.getName());
        String address = attempt.getDetails() instanceof WebAuthenticationDetails details ? details.getRemoteAddress() : null;
        String reason = (token ? "token_" : "") + (event.getException() instanceof CredentialsExpiredException ? "expired" : "refused");
        throttle.failed(user, address == null ? "unknown" : address);
        registry.counter("async.task.login.failures", "reason", reason).increment();
        log.warn("Login failed: {} from {} ({})", token ? "an API token" : "user " + LogText.quoted(user), address,
                reason.replace('_', ' ').toLowerCase(Locale.ROOT));
        audit.accept(new Failure(user, address, reason));
    }

    private static String cut(String user) {
        return user == null || user.length() <= MAX_USER_LENGTH ? user : user.substring(0, MAX_USER_LENGTH);
    }
}
