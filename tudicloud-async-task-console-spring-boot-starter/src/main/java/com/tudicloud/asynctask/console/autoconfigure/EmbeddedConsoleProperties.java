package com.tudicloud.asynctask.console.autoconfigure;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The console inside a service, under {@code async-task.console}: where it is mounted, and which of the service's
 * authorities make a viewer or an operator. Nobody has a role until an authority is mapped. The API's own settings
 * are {@code async-task.admin.*}, as in the admin application.
 */
@ConfigurationProperties("async-task.console")
@Validated
public class EmbeddedConsoleProperties {

    /** Whether the service serves the console and its REST API. */
    private boolean enabled = true;

    /** Where the console is, from the service's context path: its page at {@code <path>/}, its API at {@code <path>/api}. */
    @NotNull
    @Pattern(regexp = "(/[A-Za-z0-9._~-]+)+", message = "must be a path such as /async-tasks: segments of letters, "
            + "digits, '.', '_', '~' or '-', each after a '/', and no '/' at the end")
    private String path = "/async-tasks";

    /** Authorities (as Spring Security names them, e.g. ROLE_SUPPORT) that make a user a viewer: reads only. */
    private Set<String> viewerAuthorities = new LinkedHashSet<>();

    /**
     * Authorities that make a user an operator: a viewer who may also submit, cancel, retry, pause, run bulk actions,
     * change schedules and read the audit trail.
     */
    private Set<String> operatorAuthorities = new LinkedHashSet<>();

    /** Where the console's logout button posts (Spring Security's logout), from the context path; empty for no button. */
    private String logoutPath = "/logout";

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public String getPath() {
        return path;
    }

    public void setPath(String path) {
        this.path = path;
    }

    public Set<String> getViewerAuthorities() {
        return viewerAuthorities;
    }

    public void setViewerAuthorities(Set<String> viewerAuthorities) {
        this.viewerAuthorities = viewerAuthorities;
    }

    public Set<String> getOperatorAuthorities() {
        return operatorAuthorities;
    }

    public void setOperatorAuthorities(Set<String> operatorAuthorities) {
        this.operatorAuthorities = operatorAuthorities;
    }

    public String getLogoutPath() {
        return logoutPath;
    }

    public void setLogoutPath(String logoutPath) {
        this.logoutPath = logoutPath;
    }
}
