package com.tudicloud.asynctask.console.api.error;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.context.MessageSource;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.web.servlet.LocaleResolver;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;

/**
 * Writes a problem detail from a servlet filter, where no exception handler answers: its texts from
 * i18n/problems*.properties in the request's language (Accept-Language, else English), like the API's own.
 */
public final class ProblemWriter {

    private final JsonMapper jsonMapper;
    private final MessageSource messages;
    private final LocaleResolver locales;

    public ProblemWriter(JsonMapper jsonMapper, MessageSource messages, LocaleResolver locales) {
        this.jsonMapper = jsonMapper;
        this.messages = messages;
        this.locales = locales;
    }

    public String text(HttpServletRequest request, String code, Object... arguments) {
        return messages.getMessage(code, arguments, locales.resolveLocale(request));
    }

    /** @param titleCode the title's message code; null for the status's reason phrase */
    public void write(HttpServletRequest request, HttpServletResponse response, HttpStatus status, String titleCode,
                      String detail) throws IOException {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        if (titleCode != null) {
            problem.setTitle(text(request, titleCode));
        }
        problem.setInstance(URI.create(request.getRequestURI()));
        response.setStatus(status.value());
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        jsonMapper.writeValue(response.getOutputStream(), problem);
    }
}
