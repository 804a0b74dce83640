package com.tudicloud.asynctask.admin.api.error;

import com.tudicloud.asynctask.console.api.error.ProblemText;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The error page for errors that happen outside Spring MVC's exception handling (Tomcat refusing a TRACE,
 * a filter calling sendError): a problem detail whatever the Accept header, like every other error.
 * Replaces Spring Boot's BasicErrorController, whose JSON has another shape.
 */
@RestController
class ProblemErrorController implements ErrorController {

    @RequestMapping("${server.error.path:/error}")
    ResponseEntity<ProblemDetail> error(HttpServletRequest request) {
        HttpStatus status = statusOf(request);
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail(request, status));
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
    }

    private static HttpStatus statusOf(HttpServletRequest request) {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        HttpStatus status = code instanceof Integer value ? HttpStatus.resolve(value) : null;
        return status == null ? HttpStatus.INTERNAL_SERVER_ERROR : status;
    }

    /**
     * A client error says what the server said about it (Tomcat describes a query string it could not
     * parse only in its exception, and some framing faults not at all); a server error keeps its
     * internals to the log.
     */
    private static String detail(HttpServletRequest request, HttpStatus status) {
        Object message = request.getAttribute(RequestDispatcher.ERROR_MESSAGE);
        if (!status.is4xxClientError()) {
            return status.getReasonPhrase();
        }
        Throwable error = (Throwable) request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        for (Throwable t = error; t != null; t = t.getCause()) {
            // read by Spring MVC or by a filter, a query string Tomcat cannot decode is named as such
            if (t instanceof InvalidParameterException) {
                return ProblemText.quote("query string: " + t.getMessage());
            }
        }
        if (message != null && !message.toString().isBlank()) {
            return ProblemText.quote(message.toString());
        }
        String header = RequestHeadDiagnosis.header(name -> Collections.list(request.getHeaders(name)));
        if (header != null) {
            return header;
        }
        List<String> messages = new ArrayList<>();
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t.getMessage() != null && messages.stream().noneMatch(t.getMessage()::contains)) {
                messages.add(t.getMessage());
            }
        }
        if (messages.isEmpty() && request.getHeader(HttpHeaders.TRANSFER_ENCODING) != null) {
            // Tomcat drops Content-Length when Transfer-Encoding is present and fails on the body without a word
            return "Transfer-Encoding: the chunked body could not be read";
        }
        return messages.isEmpty() ? status.getReasonPhrase() : ProblemText.quote(String.join(": ", messages));
    }
}
