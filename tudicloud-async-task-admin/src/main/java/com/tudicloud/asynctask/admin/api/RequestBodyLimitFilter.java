package com.tudicloud.asynctask.admin.api;

import com.tudicloud.asynctask.admin.ConditionalOnConsole;
import com.tudicloud.asynctask.admin.api.error.ProblemText;
import com.tudicloud.asynctask.admin.AdminProperties;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.context.MessageSource;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.LocaleResolver;
import tools.jackson.databind.json.JsonMapper;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.Locale;

/**
 * Refuses API request bodies over {@code async-task.admin.max-body-bytes} with 413 before anything
 * reads them, whether the client announced the length or streamed the body in chunks.
 */
@Component
@ConditionalOnConsole
class RequestBodyLimitFilter extends OncePerRequestFilter {

    private final int maxBytes;
    private final JsonMapper jsonMapper;
    private final MessageSource messages;
    private final LocaleResolver locales;

    RequestBodyLimitFilter(AdminProperties properties, JsonMapper jsonMapper, MessageSource messages,
                           LocaleResolver locales) {
        this.maxBytes = properties.getMaxBodyBytes();
        this.jsonMapper = jsonMapper;
        this.messages = messages;
        this.locales = locales;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !request.getRequestURI().startsWith(request.getContextPath() + "/api/");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (request.getContentLengthLong() > maxBytes) {
            rejectTooLarge(request, response);
            return;
        }
        byte[] body;
        try {
            body = request.getInputStream().readNBytes(maxBytes + 1);
        } catch (IOException e) {
            reject(request, response, HttpStatus.BAD_REQUEST, "problem.title.unreadable", "problem.body.broken",
                    ProblemText.quote(e.toString()));
            return;
        }
        if (body.length > maxBytes) {
            rejectTooLarge(request, response);
            return;
        }
        chain.doFilter(new BufferedBodyRequest(request, body), response);
    }

    private void rejectTooLarge(HttpServletRequest request, HttpServletResponse response) throws IOException {
        reject(request, response, HttpStatus.CONTENT_TOO_LARGE, "problem.title.tooLarge", "problem.body.tooLarge",
                String.valueOf(maxBytes));
    }

    /** A problem about the body, in the request's language (Accept-Language, else English). */
    private void reject(HttpServletRequest request, HttpServletResponse response, HttpStatus status, String titleCode,
                        String messageCode, String argument) throws IOException {
        Locale locale = locales.resolveLocale(request);
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status,
                "body: " + messages.getMessage(messageCode, new Object[] {argument}, locale));
        problem.setTitle(messages.getMessage(titleCode, null, locale));
        problem.setInstance(URI.create(request.getRequestURI()));
        response.setStatus(status.value());
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        response.setHeader("Connection", "close");
        jsonMapper.writeValue(response.getOutputStream(), problem);
    }

    /** The request with its body already read into memory (it is at most max-body-bytes long). */
    private static final class BufferedBodyRequest extends HttpServletRequestWrapper {

        private final byte[] body;

        BufferedBodyRequest(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public ServletInputStream getInputStream() {
            InputStream bytes = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public boolean isFinished() {
                    return false;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new UnsupportedOperationException("blocking reads only");
                }

                @Override
                public int read() throws IOException {
                    return bytes.read();
                }

                @Override
                public int read(byte[] buffer, int offset, int length) throws IOException {
                    return bytes.read(buffer, offset, length);
                }
            };
        }

        @Override
        public int getContentLength() {
            return body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body.length;
        }
    }
}
