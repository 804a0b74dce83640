package com.tudicloud.asynctask.admin;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Present only while the REST API and console are on ({@code async-task.admin.console.enabled}, default true). */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@Documented
@ConditionalOnProperty(prefix = "async-task.admin.console", name = "enabled", havingValue = "true", matchIfMissing = true)
public @interface ConditionalOnConsole {
}
