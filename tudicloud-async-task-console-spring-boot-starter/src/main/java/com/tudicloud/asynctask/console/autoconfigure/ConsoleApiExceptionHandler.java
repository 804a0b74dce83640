package com.tudicloud.asynctask.console.autoconfigure;

import com.tudicloud.asynctask.console.api.ConsoleApi;
import com.tudicloud.asynctask.console.api.error.ApiExceptionHandler;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * The API's problem details for the console's controllers, and for nothing of the service's own; ahead of the
 * service's advice, so that a global handler of the service does not answer for the console.
 */
@RestControllerAdvice(basePackageClasses = ConsoleApi.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class ConsoleApiExceptionHandler extends ApiExceptionHandler {
}
