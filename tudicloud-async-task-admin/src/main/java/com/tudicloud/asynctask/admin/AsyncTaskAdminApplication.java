package com.tudicloud.asynctask.admin;

import com.tudicloud.asynctask.admin.security.AdminCommands;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Clock;

/**
 * The admin application: REST API, OpenAPI and web console for operators, and (by default) an
 * embedded worker with demo handlers on an embedded H2 database. Its first argument may name one of the
 * {@link AdminCommands} instead, which run without starting the application.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class AsyncTaskAdminApplication {

    public static void main(String[] args) {
        if (AdminCommands.names(args)) {
            System.exit(new AdminCommands(System.console(),
                    new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)), System.out, System.err,
                    Clock.systemUTC()).run(args));
        }
        SpringApplication.run(AsyncTaskAdminApplication.class, args);
    }
}
