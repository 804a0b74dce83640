package com.tudicloud.asynctask.admin.security;

import com.tudicloud.asynctask.admin.AdminProperties;
import com.tudicloud.asynctask.admin.AdminRole;
import com.tudicloud.asynctask.admin.AdminUser;
import com.tudicloud.asynctask.admin.demo.DemoMode;
import com.tudicloud.asynctask.admin.demo.DemoProperties;
import com.tudicloud.asynctask.console.ConsoleAccess;
import com.tudicloud.asynctask.console.audit.OperatorActions;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.MessageSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.access.hierarchicalroles.RoleHierarchyImpl;
import org.springframework.security.authentication.AuthenticationEventPublisher;
import org.springframework.security.authentication.DefaultAuthenticationEventPublisher;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.WebSecurityCustomizer;
import org.springframework.security.config.annotation.web.configurers.AuthorizeHttpRequestsConfigurer;
import org.springframework.security.config.annotation.web.configurers.HeadersConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AuthenticationEntryPointFailureHandler;
import org.springframework.security.web.authentication.AuthenticationFilter;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.security.web.authentication.WebAuthenticationDetailsSource;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;
import org.springframework.security.web.csrf.CookieCsrfTokenRepository;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.web.servlet.LocaleResolver;
import tools.jackson.databind.json.JsonMapper;

import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import static org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher.pathPattern;

/**
 * Who may do what. A viewer reads; an operator may also submit, cancel and retry, and read the audit trail; a
 * metrics credential reads the metrics and nothing else.
 * <p>
 * Two filter chains. A request that carries an Authorization header (HTTP Basic, or an API token as Bearer) is
 * a program's: it is authenticated by that header alone, with no session read or created, so a forged
 * cross-site request cannot borrow a browser's session through it, and CSRF does not apply; a header that
 * fails is a 401 even when a session cookie comes along. Every other request is the console's: it logs in on
 * its own login page (Spring Security's form login behind it) and keeps a session, so CSRF protection is on for
 * every write (cookie to header, as single page apps do; the login form sends it too). Both chains throttle
 * failed logins before any password check, and answer API and actuator callers with problem details, never a
 * login page or a Basic challenge.
 */
@Configuration(proxyBeanMethods = false)
public class SecurityConfiguration {

    private static final RequestMatcher MACHINE_PATHS = request -> {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return path.startsWith("/api/") || path.startsWith("/actuator/") || path.startsWith("/v3/api-docs");
    };
    private static final RequestMatcher OWN_CREDENTIALS = request -> request.getHeader(HttpHeaders.AUTHORIZATION) != null;
    /** What the login page loads; the console's other files need a login. */
    private static final String[] LOGIN_PAGE_FILES = {"/console/login.html", "/console/favicon.svg",
            "/console/css/base.css", "/console/css/login.css", "/console/js/login.js", "/console/js/api.js",
            "/console/js/dom.js", "/console/js/i18n.js", "/console/js/messages/**"};
    /**
     * Only this application's own files and calls: no inline script or style, no other origin, no framing. Images
     * may also be data: URIs, which Swagger UI's style sheet uses for its icons.
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; img-src 'self' data:; object-src 'none'; "
            + "base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

    @Bean
    ProblemResponses problemResponses(JsonMapper jsonMapper, MessageSource messages, LocaleResolver locales) {
        return new ProblemResponses(jsonMapper, messages, locales);
    }

    @Bean
    LoginThrottle loginThrottle(AdminProperties properties) {
        return new LoginThrottle(properties.getLoginThrottle());
    }

    @Bean
    LoginFailures loginFailures(LoginThrottle throttle, MeterRegistry registry,
                                ObjectProvider<LoginFailureAudit> audit) {
        return new LoginFailures(throttle, registry, failure -> audit.ifAvailable(trail -> trail.record(failure)));
    }

    /** Failed logins of every kind become events, which {@link LoginFailures} hears. */
    @Bean
    AuthenticationEventPublisher authenticationEventPublisher(ApplicationEventPublisher events) {
        return new DefaultAuthenticationEventPublisher(events);
    }

    /** Programs: an Authorization header on every request, checked alone; no session, no CSRF. */
    @Bean
    @Order(1)
    SecurityFilterChain credentialsPerRequest(HttpSecurity http, ProblemResponses problems, LoginThrottle throttle,
                                              MeterRegistry registry, AdminProperties properties,
                                              AuthenticationEventPublisher events) throws Exception {
        // not a bean: an AuthenticationProvider bean would take the users' password check over
        ProviderManager tokenManager = new ProviderManager(new ApiTokens(properties.getApiTokens(), Clock.systemUTC()));
        tokenManager.setAuthenticationEventPublisher(events);
        AuthenticationFilter bearer = new AuthenticationFilter(tokenManager, SecurityConfiguration::bearerToken);
        bearer.setSuccessHandler((request, response, authentication) -> { });
        bearer.setFailureHandler(new AuthenticationEntryPointFailureHandler(problems));
        http.securityMatcher(OWN_CREDENTIALS)
                .authorizeHttpRequests(SecurityConfiguration::rules)
                .httpBasic(basic -> basic.authenticationEntryPoint(problems))
                .addFilterBefore(new LoginThrottleFilter(throttle, problems, registry), BasicAuthenticationFilter.class)
                .addFilterAfter(bearer, BasicAuthenticationFilter.class)
                .sessionManagement(sessions -> sessions.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(cache -> cache.disable())
                .csrf(csrf -> csrf.disable())
                .headers(SecurityConfiguration::headers)
                .exceptionHandling(errors -> errors.authenticationEntryPoint(problems).accessDeniedHandler(problems));
        return http.build();
    }

    /** The console: form login and a session, CSRF on every write. */
    @Bean
    @Order(2)
    SecurityFilterChain console(HttpSecurity http, ProblemResponses problems, LoginThrottle throttle,
                                MeterRegistry registry) throws Exception {
        CookieCsrfTokenRepository csrfCookie = CookieCsrfTokenRepository.withHttpOnlyFalse();
        csrfCookie.setCookieCustomizer(cookie -> cookie.sameSite("Lax"));
        http.authorizeHttpRequests(SecurityConfiguration::rules)
                .formLogin(form -> form.loginPage("/login").defaultSuccessUrl("/", true).permitAll())
                .addFilterBefore(new LoginThrottleFilter(throttle, problems, registry), UsernamePasswordAuthenticationFilter.class)
                .logout(logout -> logout.permitAll())
                .csrf(csrf -> csrf.spa().csrfTokenRepository(csrfCookie))
                .headers(SecurityConfiguration::headers)
                .exceptionHandling(errors -> errors
                        .defaultAuthenticationEntryPointFor(problems, MACHINE_PATHS)
                        .defaultAccessDeniedHandlerFor(problems, MACHINE_PATHS));
        return http.build();
    }

    private static void rules(AuthorizeHttpRequestsConfigurer<HttpSecurity>.AuthorizationManagerRequestMatcherRegistry requests) {
        requests.requestMatchers(pathPattern("/actuator/health"), pathPattern("/actuator/health/**")).permitAll()
                .requestMatchers(pathPattern("/actuator/prometheus"), pathPattern("/actuator/metrics"),
                        pathPattern("/actuator/metrics/**")).hasRole(AdminRole.METRICS.name())
                .requestMatchers(pathPattern("/actuator/**")).denyAll()
                .requestMatchers(pathPattern("/error")).permitAll()
                .requestMatchers(Arrays.stream(LOGIN_PAGE_FILES).map(path -> pathPattern(HttpMethod.GET, path))
                        .toArray(RequestMatcher[]::new)).permitAll()
                .requestMatchers(pathPattern("/api/audit"), pathPattern("/api/audit/**")).hasRole("OPERATOR")
                .requestMatchers(pathPattern(HttpMethod.POST, "/api/**"), pathPattern(HttpMethod.PUT, "/api/**"),
                        pathPattern(HttpMethod.PATCH, "/api/**"), pathPattern(HttpMethod.DELETE, "/api/**"))
                .hasRole("OPERATOR")
                .requestMatchers(pathPattern("/api/**"), pathPattern("/v3/api-docs"), pathPattern("/v3/api-docs/**"))
                .hasRole("VIEWER")
                .anyRequest().authenticated();
    }

    private static void headers(HeadersConfigurer<HttpSecurity> headers) {
        headers.contentSecurityPolicy(csp -> csp.policyDirectives(CONTENT_SECURITY_POLICY))
                .referrerPolicy(referrer -> referrer.policy(ReferrerPolicy.SAME_ORIGIN));
    }

    /** {@code Authorization: Bearer <token>}; null for any other scheme, which Basic or nothing handles. */
    private static Authentication bearerToken(HttpServletRequest request) {
        String authorization = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (authorization == null || authorization.length() < 7 || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return null;
        }
        ApiTokenAuthentication presented = ApiTokenAuthentication.presented(authorization.substring(7).trim());
        presented.setDetails(new WebAuthenticationDetailsSource().buildDetails(request));
        return presented;
    }

    /** Requests the firewall refuses get a 400 problem, not a bare status. */
    @Bean
    WebSecurityCustomizer rejectedRequestsAsProblems(ProblemResponses problems) {
        return web -> web.requestRejectedHandler(problems);
    }

    /** The console's roles are this application's VIEWER and OPERATOR; its logout is Spring Security's. */
    @Bean
    ConsoleAccess consoleAccess() {
        return new ConsoleAccess(Set.of("ROLE_" + AdminRole.VIEWER.name()), Set.of("ROLE_" + AdminRole.OPERATOR.name()),
                "/logout");
    }

    /** Failed logins go to the audit trail beside the operators' actions. */
    @Bean
    LoginFailureAudit loginFailureAudit(OperatorActions actions) {
        return failure -> actions.recordFailedLogin(failure.user(), failure.address(), failure.reason());
    }

    @Bean
    RoleHierarchy roleHierarchy() {
        return RoleHierarchyImpl.withDefaultRolePrefix().role("OPERATOR").implies("VIEWER").build();
    }

    @Bean
    PasswordEncoder passwordEncoder() {
        return AdminUsers.strongEncoder();
    }

    @Bean
    UserDetailsService configuredUsers(AdminProperties properties, ObjectProvider<DemoProperties> demo,
                                       Environment environment) {
        List<AdminUser> demoUsers = demo.stream().flatMap(settings -> settings.getUsers().stream()).toList();
        return new InMemoryUserDetailsManager(AdminUsers.resolve(properties.getUsers(), demoUsers,
                DemoMode.of(environment), environment.getProperty("spring.datasource.url")));
    }
}
