package com.tudicloud.asynctask.autoconfigure;

import liquibase.integration.spring.SpringLiquibase;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.liquibase.autoconfigure.LiquibaseAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;

/**
 * A service node in a JVM of its own, as a replica of a deployment starts: a DataSource, the schema from the
 * shipped changelog through Spring Boot's Liquibase, and the async-task auto-configuration. Prints READY once
 * the application has started, then stops; a failed start exits with status 1. With {@code node.barrier} (a
 * directory) and {@code node.count}, it waits just before its migration until every node got there, so that
 * the migrations start together however long each JVM took to get there. Prints when its migration began and
 * ended, so that a test can tell the migrations overlapped.
 */
@Configuration(proxyBeanMethods = false)
@ImportAutoConfiguration({DataSourceAutoConfiguration.class, LiquibaseAutoConfiguration.class,
        AsyncTaskClientAutoConfiguration.class, AsyncTaskAutoConfiguration.class})
public class ServiceNode {

    static final String READY = "NODE READY";
    /** Printed with the wall clock's milliseconds just before the migration starts and once it has ended. */
    static final String MIGRATION_BEGUN = "MIGRATION BEGUN ";
    static final String MIGRATION_ENDED = "MIGRATION ENDED ";

    @Bean
    static BeanPostProcessor migrateTogether() {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessBeforeInitialization(Object bean, String beanName) {
                if (bean instanceof SpringLiquibase && System.getProperty("node.barrier") != null) {
                    awaitAllNodes(Path.of(System.getProperty("node.barrier")), Integer.getInteger("node.count"));
                }
                if (bean instanceof SpringLiquibase) {
                    System.out.println(MIGRATION_BEGUN + System.currentTimeMillis());
                }
                return bean;
            }

            @Override
            public Object postProcessAfterInitialization(Object bean, String beanName) {
                if (bean instanceof SpringLiquibase) {
                    System.out.println(MIGRATION_ENDED + System.currentTimeMillis());
                }
                return bean;
            }
        };
    }

    private static void awaitAllNodes(Path barrier, int nodes) {
        try {
            Files.createTempFile(barrier, "arrived", "");
            long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            while (countFiles(barrier) < nodes && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static long countFiles(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.count();
        }
    }

    public static void main(String[] args) {
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(ServiceNode.class)
                .web(WebApplicationType.NONE).run(args)) {
            System.out.println(READY);
        } catch (RuntimeException e) {
            e.printStackTrace();
            System.exit(1);
        }
    }
}
