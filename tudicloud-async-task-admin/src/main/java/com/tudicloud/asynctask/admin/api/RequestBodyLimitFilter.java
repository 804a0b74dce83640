package com.tudicloud.asynctask.admin.api;

import com.tudicloud.asynctask.admin.AdminProperties;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import tools.jackson.databind.json.JsonMapper;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;

/**
 * Refuses API request bodies over {@code async-task.admin.max-body-bytes} with 413 before anything
 * reads them, whether the client announced the length or streamed the body in chunks.
 */
@Component
@ConditionalOnConsole
class RequestBodyLimitFilter extends OncePerRequestFilter {

    private final int maxBytes;
    private final JsonMapper jsonMapper;

    RequestBodyLimitFilter(AdminProperties properties, JsonMapper jsonMapper) {
        this.maxBytes = properties.getMaxBodyBytes();
        this.jsonMapper = jsonMapper;
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
            reject(request, response, HttpStatus.BAD_REQUEST, "Request body unreadable", "body: ended before the length "
                    + "its headers announced, or its chunked encoding is broken (" + ProblemText.quote(e.toString()) + ")");
            return;
        }
        if (body.length > maxBytes) {
            rejectTooLarge(request, response);
            return;
        }
        chain.doFilter(new BufferedBodyRequest(request, body), response);
    }

    private void rejectTooLarge(HttpServletRequest request, HttpServletResponse response) throws IOException {
        reject(request, response, HttpStatus.CONTENT_TOO_LARGE, "Request body too large",
                "body: larger than " + maxBytes + " bytes (async-task.admin.max-body-bytes)");
    }

    private void reject(HttpServletRequest request, HttpServletResponse response, HttpStatus status, String title,
                        String detail) throws IOException {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setTitle(title);
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
