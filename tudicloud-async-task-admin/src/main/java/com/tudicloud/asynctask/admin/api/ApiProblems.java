package com.tudicloud.asynctask.admin.api;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

import java.util.List;
import java.util.Map;

/** The API's own errors, as problem details that say which field or task was wrong. */
final class ApiProblems {

    private ApiProblems() {
    }

    /** The message may quote the request: {@link ProblemText} keeps it short and writable. */
    static ErrorResponseException badRequest(String field, String rawMessage) {
        String message = ProblemText.quote(rawMessage);
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, field + ": " + message);
        problem.setTitle("Invalid request");
        problem.setProperty("errors", List.of(Map.of("field", field, "message", message)));
        return new ErrorResponseException(HttpStatus.BAD_REQUEST, problem, null);
    }

    static ErrorResponseException taskNotFound(long taskId) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, "no task with id " + taskId);
        problem.setTitle("Task not found");
        return new ErrorResponseException(HttpStatus.NOT_FOUND, problem, null);
    }

    static ErrorResponseException conflict(long taskId, String message) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.CONFLICT, "task " + taskId + " " + message);
        problem.setTitle("Task is in the wrong status");
        return new ErrorResponseException(HttpStatus.CONFLICT, problem, null);
    }
}
