package com.tudicloud.asynctask.admin;

import jakarta.validation.Valid;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

import java.util.ArrayList;
import java.util.List;

/**
 * The admin application's own settings, under {@code async-task.admin}: its logins, tokens and login throttle, and
 * whether it serves the console at all. The API's settings under the same prefix are the console's
 * ({@link com.tudicloud.asynctask.console.ConsoleApiProperties}). A value out of range stops start-up naming it.
 */
@ConfigurationProperties("async-task.admin")
@Validated
public class AdminProperties {

    private final Console console = new Console();

    /** Who may log in; passwords are stored hashed, with their encoder's prefix, e.g. {bcrypt}$2a$10$... */
    private List<AdminUser> users = new ArrayList<>();

    /** Tokens for programs (HTTP header Authorization: Bearer ...), stored as their SHA-256 digest. */
    private List<AdminApiToken> apiTokens = new ArrayList<>();

    @Valid
    private final LoginThrottleProperties loginThrottle = new LoginThrottleProperties();

    public Console getConsole() {
        return console;
    }

    public List<AdminUser> getUsers() {
        return users;
    }

    public void setUsers(List<AdminUser> users) {
        this.users = users;
    }

    public List<AdminApiToken> getApiTokens() {
        return apiTokens;
    }

    public void setApiTokens(List<AdminApiToken> apiTokens) {
        this.apiTokens = apiTokens;
    }

    public LoginThrottleProperties getLoginThrottle() {
        return loginThrottle;
    }

    public static class Console {

        /** Whether the REST API and the web console are served; off, the application is a plain worker node. */
        private boolean enabled = true;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }
}
