package com.tudicloud.asynctask.admin.security;

import com.tudicloud.asynctask.console.api.error.ProblemText;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.context.MessageSource;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.authentication.CredentialsExpiredException;
import org.springframework.security.authentication.InsufficientAuthenticationException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.csrf.CsrfException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.web.servlet.LocaleResolver;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;

/**
 * 401 and 403 for API callers, 429 for a caller with too many failed logins, and 400 for requests the firewall rejects (an encoded slash or percent, a
 * ';', a '..' segment, a control character), as RFC 9457 problem details like every other API error; the
 * 401 and 403 texts in the request's language, the firewall's in its own words.
 */
final class ProblemResponses implements AuthenticationEntryPoint, AccessDeniedHandler, RequestRejectedHandler {

    private final JsonMapper jsonMapper;
    private final MessageSource messages;
    private final LocaleResolver locales;

    ProblemResponses(JsonMapper jsonMapper, MessageSource messages, LocaleResolver locales) {
        this.jsonMapper = jsonMapper;
        this.messages = messages;
        this.locales = locales;
    }

    @Override
    public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException e)
            throws IOException {
        write(request, response, HttpStatus.UNAUTHORIZED, text(request, loginProblem(e)));
    }

    /** Sent no credentials, sent wrong ones, or sent a token past its expiry: three different things to do next. */
    private static String loginProblem(AuthenticationException e) {
        if (e instanceof CredentialsExpiredException) {
            return "problem.login.expired";
        }
        if (e == null || e instanceof InsufficientAuthenticationException) {
            return "problem.login";
        }
        return "problem.login.refused";
    }

    @Override
    public void handle(HttpServletRequest request, HttpServletResponse response, AccessDeniedException e)
            throws IOException {
        if (e instanceof CsrfException && SecurityContextHolder.getContext().getAuthentication() == null) {
            // the CSRF check runs before authentication: a caller who is nobody needs to log in first
            commence(request, response, null);
            return;
        }
        write(request, response, HttpStatus.FORBIDDEN, text(request, e instanceof CsrfException ? "problem.csrf" : "problem.role"));
    }

    /** The firewall's message names what it refused, e.g. 'the URL contained a potentially malicious String ";"'. */
    @Override
    public void handle(HttpServletRequest request, HttpServletResponse response, RequestRejectedException e)
            throws IOException {
        write(request, response, HttpStatus.BAD_REQUEST, ProblemText.quote(String.valueOf(e.getMessage())));
    }

    /** 429 with Retry-After in whole seconds, at least one. */
    void throttled(HttpServletRequest request, HttpServletResponse response, Duration wait) throws IOException {
        long seconds = Math.max(1, (wait.toMillis() + 999) / 1000);
        response.setHeader(HttpHeaders.RETRY_AFTER, String.valueOf(seconds));
        write(request, response, HttpStatus.TOO_MANY_REQUESTS, text(request, "problem.login.throttled", seconds));
    }

    /** In the request's language (Accept-Language, else English), as the API's other problems. */
    private String text(HttpServletRequest request, String code, Object... arguments) {
        return messages.getMessage(code, arguments, locales.resolveLocale(request));
    }

    private void write(HttpServletRequest request, HttpServletResponse response, HttpStatus status, String detail)
            throws IOException {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setInstance(instance(request));
        response.setStatus(status.value());
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        jsonMapper.writeValue(response.getOutputStream(), problem);
    }

    /** The request's path; none where the firewall refused a path that is not even a URI. */
    private static URI instance(HttpServletRequest request) {
        try {
            return URI.create(request.getRequestURI());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
