package com.tudicloud.asynctask.console.api.error;

import org.springframework.context.MessageSource;
import org.springframework.context.MessageSourceResolvable;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.core.ResolvableType;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.validation.FieldError;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Every rejected request gets a 4xx problem detail whose {@code detail} names the field and what was
 * wrong with it, and whose {@code errors} lists each field for programs. Nothing reaches the store
 * before its input has passed. The texts are in the request's language (Accept-Language: English or
 * Simplified Chinese, English otherwise); what a parser says about the input is quoted as it says it.
 * <p>
 * The texts come from the console's own bundle ({@link ApiProblems#messages()}), whatever the application's
 * message source holds. The application that serves the API registers a subclass as its controller advice: the
 * admin application for every request, a service that embeds the console for the console's controllers only.
 */
public class ApiExceptionHandler extends ResponseEntityExceptionHandler {

    private static final MessageSource MESSAGES = ApiProblems.messages();

    protected ApiExceptionHandler() {
        super.setMessageSource(MESSAGES);
    }

    /** The application's message source does not know the console's texts: the console's bundle stays. */
    @Override
    public void setMessageSource(MessageSource applicationMessages) {
        super.setMessageSource(MESSAGES);
    }

    @Override
    protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException e,
                                                                  HttpHeaders headers, HttpStatusCode status,
                                                                  WebRequest request) {
        List<Map<String, String>> errors = new ArrayList<>();
        for (FieldError error : e.getBindingResult().getFieldErrors()) {
            errors.add(Map.of("field", error.getField(), "message", String.valueOf(error.getDefaultMessage())));
        }
        return problem(errors, request);
    }

    @Override
    protected ResponseEntity<Object> handleHandlerMethodValidationException(HandlerMethodValidationException e,
                                                                            HttpHeaders headers, HttpStatusCode status,
                                                                            WebRequest request) {
        List<Map<String, String>> errors = new ArrayList<>();
        e.getParameterValidationResults().forEach(result -> {
            String field = result.getMethodParameter().getParameterName();
            for (MessageSourceResolvable error : result.getResolvableErrors()) {
                errors.add(Map.of("field", String.valueOf(field), "message", String.valueOf(error.getDefaultMessage())));
            }
        });
        return problem(errors, request);
    }

    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException e, HttpHeaders headers,
                                                                  HttpStatusCode status, WebRequest request) {
        JacksonException located = causeWithPath(e);
        if (located instanceof UnrecognizedPropertyException unknown) {
            return problem(List.of(Map.of("field", unknown.getPropertyName(),
                    "message", text("problem.body.unknownField", String.valueOf(unknown.getKnownPropertyIds())))), request);
        }
        if (located != null) {
            // out of range, wrong type, malformed inside a field: the parser knows which field it was reading
            String field = located.getPath().stream()
                    .map(reference -> reference.getPropertyName() != null ? reference.getPropertyName()
                            : "[" + reference.getIndex() + "]")
                    .collect(Collectors.joining("."));
            return problem(List.of(Map.of("field", field, "message", text("problem.body.wrongType",
                    firstLine(located.getOriginalMessage())))), request);
        }
        if (cause(e, DatabindException.class) != null) {
            // no field to name: the body as a whole is not one JSON object of the expected fields
            return problem(List.of(Map.of("field", "body", "message", text("problem.body.notOneObject"))), request);
        }
        Throwable cause = e.getMostSpecificCause();
        String reason = e.getMessage() != null && e.getMessage().startsWith("Required request body is missing")
                ? text("problem.body.required") : text("problem.body.notJson", firstLine(String.valueOf(cause.getMessage())));
        return problem(List.of(Map.of("field", "body", "message", reason)), request);
    }

    /** An Accept header that cannot be parsed, or that accepts nothing the API writes. */
    @Override
    protected ResponseEntity<Object> handleHttpMediaTypeNotAcceptable(HttpMediaTypeNotAcceptableException e,
                                                                      HttpHeaders headers, HttpStatusCode status,
                                                                      WebRequest request) {
        String accept = String.valueOf(request.getHeader(HttpHeaders.ACCEPT));
        String message = (parses(accept) ? "accepts none of " + e.getSupportedMediaTypes()
                : "not a valid list of media types")
                + "; this API answers application/json, and errors as application/problem+json";
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, "Accept: '" + ProblemText.quote(accept) + "' "
                + message);
        problem.setTitle(text("problem.title.notAcceptable"));
        problem.setProperty("errors", List.of(Map.of("field", HttpHeaders.ACCEPT, "message", message)));
        return handleExceptionInternal(e, problem, headers, status, request);
    }

    /**
     * A method the path does not take. The path decides, so the detail names it: a mistyped path can match
     * another endpoint's pattern (GET /api/tasks/{id}) and be refused for its method, not as unknown.
     */
    @Override
    protected ResponseEntity<Object> handleHttpRequestMethodNotSupported(HttpRequestMethodNotSupportedException e,
                                                                         HttpHeaders headers, HttpStatusCode status,
                                                                         WebRequest request) {
        ProblemDetail problem = e.getBody();
        String takes = e.getSupportedHttpMethods() == null ? ""
                : "; it takes " + e.getSupportedHttpMethods().stream().map(Object::toString).sorted()
                        .collect(Collectors.joining(", "));
        problem.setDetail("Method '" + ProblemText.quote(e.getMethod()) + "' is not supported for this path" + takes);
        return handleExceptionInternal(e, problem, headers, status, request);
    }

    /** Every error is a problem detail, whatever the Accept header asked for: an error must be readable. */
    @Override
    protected ResponseEntity<Object> createResponseEntity(Object body, HttpHeaders headers, HttpStatusCode status,
                                                          WebRequest request) {
        HttpHeaders problemHeaders = new HttpHeaders();
        problemHeaders.putAll(headers);
        problemHeaders.setContentType(MediaType.APPLICATION_PROBLEM_JSON);
        return new ResponseEntity<>(body, problemHeaders, status);
    }

    /** A Content-Type that cannot even be parsed (a wildcard, a multipart without boundary). */
    @ExceptionHandler({InvalidMediaTypeException.class, MultipartException.class})
    ResponseEntity<Object> handleBadContentType(RuntimeException e, WebRequest request) {
        return contentTypeProblem(e, request);
    }

    /** Spring refuses a wildcard Content-Type such as application/* with a bare IllegalArgumentException. */
    @ExceptionHandler(IllegalArgumentException.class)
    ResponseEntity<Object> handleIllegalArgument(IllegalArgumentException e, WebRequest request) {
        String contentType = request.getHeader(HttpHeaders.CONTENT_TYPE);
        if (contentType == null || isConcrete(contentType)) {
            throw e;
        }
        return contentTypeProblem(e, request);
    }

    private ResponseEntity<Object> contentTypeProblem(RuntimeException e, WebRequest request) {
        return problem(List.of(Map.of("field", "Content-Type", "message",
                "not usable: " + firstLine(String.valueOf(e.getMessage())) + "; send application/json")), request);
    }

    private static boolean parses(String mediaTypes) {
        try {
            MediaType.parseMediaTypes(mediaTypes);
            return true;
        } catch (InvalidMediaTypeException e) {
            return false;
        }
    }

    private static boolean isConcrete(String contentType) {
        try {
            return MediaType.parseMediaType(contentType).isConcrete();
        } catch (InvalidMediaTypeException e) {
            return false;
        }
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<Object> handleTypeMismatch(MethodArgumentTypeMismatchException e, WebRequest request) {
        // for a repeated parameter such as List<TaskStatus>, name the element type
        Class<?> type = Collection.class.isAssignableFrom(e.getParameter().getParameterType())
                ? ResolvableType.forMethodParameter(e.getParameter()).getGeneric(0).resolve()
                : e.getRequiredType();
        String value = ProblemText.quote(String.valueOf(e.getValue()));
        String message = type != null && type.isEnum()
                ? text("problem.value.notOneOf", value, Arrays.toString(type.getEnumConstants()))
                : text("problem.value.notValid", value, type == null ? "value" : describe(type));
        return problem(List.of(Map.of("field", e.getName(), "message", message)), request);
    }

    private ResponseEntity<Object> problem(List<Map<String, String>> rawErrors, WebRequest request) {
        // fields and messages may quote the request: keep them short and writable
        List<Map<String, String>> errors = rawErrors.stream().map(error -> Map.of(
                "field", ProblemText.quote(error.get("field")), "message", ProblemText.quote(error.get("message"))))
                .toList();
        String detail = errors.stream().map(error -> error.get("field") + ": " + error.get("message"))
                .collect(Collectors.joining("; "));
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, detail);
        problem.setTitle(text("problem.title.invalid"));
        problem.setProperty("errors", errors);
        return handleExceptionInternal(new IllegalArgumentException(detail), problem, new HttpHeaders(),
                HttpStatus.BAD_REQUEST, request);
    }

    /** The Jackson error that knows the field, wherever it sits in the cause chain. */
    private static JacksonException causeWithPath(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof JacksonException jackson && !jackson.getPath().isEmpty()) {
                return jackson;
            }
        }
        return null;
    }

    private static <T extends Throwable> T cause(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }

    private String describe(Class<?> type) {
        if (type == java.time.Instant.class) {
            return text("problem.kind.instant");
        }
        return type == long.class || type == int.class || type == Long.class || type == Integer.class
                ? text("problem.kind.wholeNumber") : type.getSimpleName();
    }

    /** A text of i18n/problems*.properties in the request's language (Accept-Language, else English). */
    private String text(String code, Object... arguments) {
        return getMessageSource().getMessage(code, arguments, LocaleContextHolder.getLocale());
    }

    private static String firstLine(String text) {
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
