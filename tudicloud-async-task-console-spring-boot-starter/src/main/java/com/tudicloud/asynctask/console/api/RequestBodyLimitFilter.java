package com.tudicloud.asynctask.console.api;

import com.tudicloud.asynctask.console.api.error.ProblemText;
import com.tudicloud.asynctask.console.api.error.ProblemWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Refuses API request bodies over {@code async-task.admin.max-body-bytes} with 413 before anything
 * reads them, whether the client announced the length or streamed the body in chunks.
 */
public class RequestBodyLimitFilter extends OncePerRequestFilter {

    private final int maxBytes;
    private final RequestMatcher api;
    private final ProblemWriter problems;

    /** @param apiPath where the API is, e.g. /api: every path under it, as Spring MVC matches paths */
    public RequestBodyLimitFilter(int maxBytes, String apiPath, ProblemWriter problems) {
        this.maxBytes = maxBytes;
        this.api = PathPatternRequestMatcher.withDefaults().matcher(apiPath + "/**");
        this.problems = problems;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !api.matches(request);
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

    /** A problem about the body; the connection closes, since the rest of the body is not read. */
    private void reject(HttpServletRequest request, HttpServletResponse response, HttpStatus status, String titleCode,
                        String messageCode, String argument) throws IOException {
        response.setHeader("Connection", "close");
        problems.write(request, response, status, titleCode, "body: " + problems.text(request, messageCode, argument));
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
