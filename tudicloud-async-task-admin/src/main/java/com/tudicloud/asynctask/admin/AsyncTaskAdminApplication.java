package com.tudicloud.asynctask.admin;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The admin application: REST API, OpenAPI and web console for operators, and (by default) an
 * embedded worker with demo handlers on an embedded H2 database.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class AsyncTaskAdminApplication {

    public static void main(String[] args) {
        SpringApplication.run(AsyncTaskAdminApplication.class, args);
    }
}
