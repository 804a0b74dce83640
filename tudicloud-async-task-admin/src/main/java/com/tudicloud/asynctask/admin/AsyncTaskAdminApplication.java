package com.tudicloud.asynctask.admin;

import com.tudicloud.asynctask.admin.security.AdminCommands;
import com.tudicloud.asynctask.console.ConsoleApiProperties;
import com.tudicloud.asynctask.console.audit.AuditConfiguration;
import com.tudicloud.asynctask.console.autoconfigure.ConsoleAutoConfiguration;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Import;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Clock;

/**
 * The admin application: REST API, OpenAPI and web console for operators, and (by default) an
 * embedded worker with demo handlers on an embedded H2 database. Its first argument may name one of the
 * {@link AdminCommands} instead, which run without starting the application.
 * <p>
 * The API and the console are the console module's, as a service that embeds them gets them; this application
 * mounts them at its root behind logins, API tokens and a login throttle of its own, so the console module's
 * embedding (which maps a service's authorities) is left out.
 */
@SpringBootApplication(exclude = ConsoleAutoConfiguration.class)
@ConfigurationPropertiesScan
@EnableConfigurationProperties(ConsoleApiProperties.class)
@Import(AuditConfiguration.class)
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
