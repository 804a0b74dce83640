package com.tudicloud.asynctask.console.api;

import com.tudicloud.asynctask.console.bulk.BulkJobs;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.FullyQualifiedAnnotationBeanNameGenerator;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The REST API at /api: the controllers of this package and their JSON, and the bulk jobs they start. Needs a
 * {@link com.tudicloud.asynctask.console.ConsoleAccess}, the audit trail and the timeline beside it; the
 * application registers a subclass of {@link com.tudicloud.asynctask.console.api.error.ApiExceptionHandler} as
 * its controller advice. Its beans are named by their class's full name, so that none takes the name of one of the
 * application's own (a TaskController of its own, say).
 */
@Configuration(proxyBeanMethods = false)
@ComponentScan(basePackageClasses = ConsoleApi.class, nameGenerator = FullyQualifiedAnnotationBeanNameGenerator.class)
@Import(BulkJobs.class)
public class ConsoleApi {
}
