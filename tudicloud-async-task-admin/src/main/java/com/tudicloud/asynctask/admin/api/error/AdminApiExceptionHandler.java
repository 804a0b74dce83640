package com.tudicloud.asynctask.admin.api.error;

import com.tudicloud.asynctask.console.api.error.ApiExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The API's problem details for every request the admin application's Spring MVC handles, whatever its path. */
@RestControllerAdvice
class AdminApiExceptionHandler extends ApiExceptionHandler {
}
