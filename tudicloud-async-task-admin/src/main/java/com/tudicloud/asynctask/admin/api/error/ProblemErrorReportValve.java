package com.tudicloud.asynctask.admin.api.error;

import com.tudicloud.asynctask.console.api.error.ProblemText;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.Writer;
import java.util.Collections;

/**
 * Tomcat's answer to a request it refuses before any application code runs (a malformed request line,
 * header or URI, an over-long request head), as a problem detail instead of Tomcat's HTML page. The
 * 501 and 505 that Tomcat gives for an unknown Transfer-Encoding or HTTP version become 400: the fault
 * is the client's, and a 5xx would page whoever watches this server's errors.
 */
public class ProblemErrorReportValve extends ErrorReportValve {

    private final JsonMapper jsonMapper;

    public ProblemErrorReportValve(JsonMapper jsonMapper) {
        this.jsonMapper = jsonMapper;
    }

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        if (status == HttpStatus.NOT_IMPLEMENTED.value() || status == HttpStatus.HTTP_VERSION_NOT_SUPPORTED.value()) {
            response.setStatus(HttpStatus.BAD_REQUEST.value());
        }
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.valueOf(response.getStatus()),
                detail(request, status, throwable));
        try {
            response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
            response.setCharacterEncoding("UTF-8");
            Writer writer = response.getReporter();
            if (writer != null) {
                writer.write(jsonMapper.writeValueAsString(problem));
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException e) {
            // the client is gone or the response was taken over: nothing left to tell
        }
    }

    /** Tomcat's own words name the part of the request it refused; where it has none, a diagnosis does. */
    private static String detail(Request request, int status, Throwable throwable) {
        String header = RequestHeadDiagnosis.header(
                name -> Collections.list(request.getCoyoteRequest().getMimeHeaders().values(name)));
        if (header != null) {
            return header;
        }
        if (throwable != null && throwable.getMessage() != null) {
            return ProblemText.quote(throwable.getMessage());
        }
        String message = request.getResponse().getMessage();
        if (message != null && !message.isBlank()) {
            return ProblemText.quote(message);
        }
        String uri = RequestHeadDiagnosis.uri(request.getCoyoteRequest());
        return switch (status) {
            case 501 -> "Transfer-Encoding: not supported; send the body with Content-Length or chunked";
            case 505 -> "HTTP version: not supported; use HTTP/1.1";
            case 417 -> "Expect: only 100-continue is supported";
            default -> uri != null ? uri : "request target or Host header: not valid HTTP/1.1 (an absolute-form "
                    + "target must name the host of the Host header)";
        };
    }
}
