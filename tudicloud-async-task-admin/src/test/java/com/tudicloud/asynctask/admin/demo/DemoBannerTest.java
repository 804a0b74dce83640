package com.tudicloud.asynctask.admin.demo;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.mock.env.MockEnvironment;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** The banner names the port the server really bound and the two demo logins. */
@ExtendWith(OutputCaptureExtension.class)
class DemoBannerTest {

    private final MockEnvironment environment = new MockEnvironment();

    @Test
    void printsTheConsoleUrlAndTheDemoLoginsWhenTheApplicationIsReady(CapturedOutput output) {
        environment.setProperty("server.port", "0");
        environment.setProperty("local.server.port", "41234");

        new DemoBanner(environment).onApplicationEvent(readyEvent());

        assertThat(output.getOut()).contains("console:  http://localhost:41234/",
                "viewer   / viewer", "operator / operator");
    }

    @Test
    void theUrlKeepsTheContextPath() {
        environment.setProperty("local.server.port", "8080");
        environment.setProperty("server.servlet.context-path", "/tasks");

        assertThat(new DemoBanner(environment).consoleUrl()).isEqualTo("http://localhost:8080/tasks/");
    }

    @Test
    void saysSoWhenThereIsNoWebServer() {
        assertThat(new DemoBanner(environment).consoleUrl()).startsWith("none");
    }

    private static ApplicationReadyEvent readyEvent() {
        GenericApplicationContext context = new GenericApplicationContext();
        return new ApplicationReadyEvent(new SpringApplication(), new String[0], context, Duration.ZERO);
    }
}
