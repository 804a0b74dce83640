package com.tudicloud.asynctask.admin.security;

import com.tudicloud.asynctask.admin.AdminProperties;
import com.tudicloud.asynctask.admin.demo.DemoProperties;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.MessageSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.access.hierarchicalroles.RoleHierarchyImpl;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.WebSecurityCustomizer;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.web.servlet.LocaleResolver;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher.pathPattern;

/**
 * Who may do what. A viewer reads; an operator may also submit, cancel and retry. The browser console
 * logs in on its own login page (Spring Security's form login behind it) and keeps a session, so CSRF
 * protection stays on (cookie to header, as single page apps do; the login form sends it too). API clients send HTTP Basic credentials with each request; a request that carries its
 * own Authorization header cannot be forged by another site, so CSRF does not apply to it. API and
 * actuator callers get 401/403 as problem details, never a login page or a Basic challenge.
 */
@Configuration(proxyBeanMethods = false)
public class SecurityConfiguration {

    private static final RequestMatcher MACHINE_PATHS = request -> {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return path.startsWith("/api/") || path.startsWith("/actuator/") || path.startsWith("/v3/api-docs");
    };
    private static final RequestMatcher OWN_CREDENTIALS = request -> request.getHeader("Authorization") != null;
    /** What the login page loads; the console's other files need a login. */
    private static final String[] LOGIN_PAGE_FILES = {"/console/login.html", "/console/favicon.svg",
            "/console/css/base.css", "/console/css/login.css", "/console/js/login.js", "/console/js/api.js",
            "/console/js/dom.js", "/console/js/i18n.js", "/console/js/messages/*.js"};

    @Bean
    SecurityFilterChain adminSecurity(HttpSecurity http, JsonMapper jsonMapper, MessageSource messages,
                                      LocaleResolver locales) throws Exception {
        ProblemResponses problems = new ProblemResponses(jsonMapper, messages, locales);
        http.authorizeHttpRequests(requests -> requests
                        .requestMatchers(pathPattern("/actuator/health"), pathPattern("/actuator/health/**")).permitAll()
                        .requestMatchers(pathPattern("/error")).permitAll()
                        .requestMatchers(Arrays.stream(LOGIN_PAGE_FILES).map(path -> pathPattern(HttpMethod.GET, path))
                                .toArray(RequestMatcher[]::new)).permitAll()
                        .requestMatchers(pathPattern(HttpMethod.POST, "/api/**"), pathPattern(HttpMethod.PUT, "/api/**"),
                                pathPattern(HttpMethod.PATCH, "/api/**"), pathPattern(HttpMethod.DELETE, "/api/**"))
                        .hasRole("OPERATOR")
                        .requestMatchers(pathPattern("/api/**")).hasRole("VIEWER")
                        .anyRequest().authenticated())
                .formLogin(form -> form.loginPage("/login").defaultSuccessUrl("/", true).permitAll())
                .httpBasic(basic -> basic.authenticationEntryPoint(problems))
                .logout(logout -> logout.permitAll())
                .csrf(csrf -> csrf.spa().ignoringRequestMatchers(OWN_CREDENTIALS))
                .exceptionHandling(errors -> errors
                        .defaultAuthenticationEntryPointFor(problems, MACHINE_PATHS)
                        .defaultAccessDeniedHandlerFor(problems, MACHINE_PATHS));
        return http.build();
    }

    /** Requests the firewall refuses get a 400 problem, not a bare status. */
    @Bean
    WebSecurityCustomizer rejectedRequestsAsProblems(JsonMapper jsonMapper, MessageSource messages, LocaleResolver locales) {
        return web -> web.requestRejectedHandler(new ProblemResponses(jsonMapper, messages, locales));
    }

    @Bean
    RoleHierarchy roleHierarchy() {
        return RoleHierarchyImpl.withDefaultRolePrefix().role("OPERATOR").implies("VIEWER").build();
    }

    @Bean
    PasswordEncoder passwordEncoder() {
        return PasswordEncoderFactories.createDelegatingPasswordEncoder();
    }

    @Bean
    UserDetailsService configuredUsers(AdminProperties properties, ObjectProvider<DemoProperties> demo) {
        List<AdminProperties.User> configured = new ArrayList<>(properties.getUsers());
        demo.ifAvailable(settings -> configured.addAll(settings.isEnabled() ? settings.getUsers() : List.of()));
        List<UserDetails> users = configured.stream().map(SecurityConfiguration::toUser).toList();
        if (users.isEmpty()) {
            throw new IllegalStateException("No users: configure async-task.admin.users[n].username, .password "
                    + "(hashed, e.g. {bcrypt}...) and .role (VIEWER or OPERATOR)");
        }
        return new InMemoryUserDetailsManager(users);
    }

    private static UserDetails toUser(AdminProperties.User user) {
        String password = user.getPassword();
        if (user.getUsername() == null || password == null || !password.matches("^\\{[a-z0-9]+}.+")) {
            throw new IllegalStateException("async-task.admin.users: user '" + user.getUsername()
                    + "' needs a hashed password with its encoder's prefix, e.g. {bcrypt}$2a$10$...");
        }
        return User.withUsername(user.getUsername()).password(password).roles(user.getRole().name()).build();
    }
}
