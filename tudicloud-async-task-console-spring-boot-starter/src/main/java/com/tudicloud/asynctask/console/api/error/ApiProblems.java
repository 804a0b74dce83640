package com.tudicloud.asynctask.console.api.error;

import org.springframework.context.MessageSource;
import org.springframework.context.support.ResourceBundleMessageSource;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The API's own errors, as problem details that say which field or task was wrong, in the language the
 * request asks for (Accept-Language; English otherwise): the texts are message codes of
 * i18n/problems*.properties, resolved when the problem is written.
 */
public final class ApiProblems {

    private ApiProblems() {
    }

    /** The texts of i18n/problems*.properties (UTF-8): English, and Simplified Chinese for zh-CN. */
    public static MessageSource messages() {
        ResourceBundleMessageSource messages = new ResourceBundleMessageSource();
        messages.setBasename("i18n/problems");
        messages.setDefaultEncoding(StandardCharsets.UTF_8.name());
        messages.setFallbackToSystemLocale(false);
        return messages;
    }

    /** A field or parameter that is wrong; text arguments may quote the request and are kept short and writable. */
    public static ErrorResponseException badRequest(String field, String messageCode, Object... arguments) {
        return new LocalizedProblem(HttpStatus.BAD_REQUEST, "problem.title.invalid", field, messageCode, arguments);
    }

    /** A message that comes worded from elsewhere (the api module's request rules), shown as it is. */
    public static ErrorResponseException badRequestAsWorded(String field, String message) {
        return badRequest(field, "problem.worded", message);
    }

    public static ErrorResponseException taskNotFound(long taskId) {
        return new LocalizedProblem(HttpStatus.NOT_FOUND, "problem.title.notFound", null, "problem.task.notFound",
                String.valueOf(taskId));
    }

    public static ErrorResponseException batchNotFound(long batchId) {
        return new LocalizedProblem(HttpStatus.NOT_FOUND, "problem.title.batchNotFound", null, "problem.batch.notFound",
                String.valueOf(batchId));
    }

    /** A batch that is no longer OPEN; the message takes its id and state. */
    public static ErrorResponseException batchConflict(long batchId, String state) {
        return new LocalizedProblem(HttpStatus.CONFLICT, "problem.title.conflict", null, "problem.batch.notOpen",
                String.valueOf(batchId), state);
    }

    public static ErrorResponseException scheduleNotFound(String name) {
        return new LocalizedProblem(HttpStatus.NOT_FOUND, "problem.title.scheduleNotFound", "name",
                "problem.schedule.notFound", name);
    }

    /** A schedule whose state forbids what was asked; the message code takes its name. */
    public static ErrorResponseException scheduleConflict(String name, String messageCode) {
        return new LocalizedProblem(HttpStatus.CONFLICT, "problem.title.scheduleConflict", "name", messageCode, name);
    }

    public static ErrorResponseException taskTypeNotFound(String taskType, Object known) {
        return new LocalizedProblem(HttpStatus.NOT_FOUND, "problem.title.typeNotFound", "type", "problem.taskType.notFound",
                taskType, known);
    }

    /** A task whose status forbids what was asked; the message code takes the task id and its status. */
    public static ErrorResponseException conflict(long taskId, String messageCode, Object status) {
        return new LocalizedProblem(HttpStatus.CONFLICT, "problem.title.conflict", null, messageCode,
                String.valueOf(taskId), status);
    }

    /** A bulk action refused as it stands: the match changed, another one runs. */
    public static ErrorResponseException bulkConflict(String messageCode, Object... arguments) {
        return new LocalizedProblem(HttpStatus.CONFLICT, "problem.title.bulkConflict", null, messageCode, arguments);
    }

    public static ErrorResponseException bulkJobNotFound(long id, int kept) {
        return new LocalizedProblem(HttpStatus.NOT_FOUND, "problem.title.bulkNotFound", null, "problem.bulk.notFound",
                String.valueOf(id), kept);
    }

    private static final class LocalizedProblem extends ErrorResponseException {

        private final String titleCode;
        private final String field;
        private final String messageCode;
        private final Object[] arguments;

        LocalizedProblem(HttpStatus status, String titleCode, String field, String messageCode, Object... arguments) {
            super(status, ProblemDetail.forStatus(status), null);
            this.titleCode = titleCode;
            this.field = field;
            this.messageCode = messageCode;
            this.arguments = Arrays.stream(arguments)
                    .map(argument -> argument instanceof String text ? ProblemText.quote(text) : argument).toArray();
        }

        /** Called by the exception handler with the request's locale. */
        @Override
        public ProblemDetail updateAndGetBody(MessageSource messages, Locale locale) {
            ProblemDetail body = getBody();
            String message = messages.getMessage(messageCode, arguments, locale);
            body.setTitle(messages.getMessage(titleCode, null, locale));
            body.setDetail(field == null ? message : field + ": " + message);
            if (field != null) {
                body.setProperty("errors", List.of(Map.of("field", field, "message", message)));
            }
            return body;
        }
    }
}
