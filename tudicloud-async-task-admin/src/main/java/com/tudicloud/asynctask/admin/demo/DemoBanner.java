package com.tudicloud.asynctask.admin.demo;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.Environment;

/**
 * Tells whoever started the demo where to look and how to log in, once the application is ready
 * (after the start-up log, so that it is the last thing on the screen).
 */
public class DemoBanner implements ApplicationListener<ApplicationReadyEvent> {

    private static final Logger log = LoggerFactory.getLogger(DemoBanner.class);

    private final Environment environment;

    DemoBanner(Environment environment) {
        this.environment = environment;
    }

    @Override
    public void onApplicationEvent(ApplicationReadyEvent event) {
        log.info(text());
    }

    String text() {
        return """

                ------------------------------------------------------------------
                  tudicloud-async-task demo is running, demo tasks are flowing
                  console:  %s
                  log in as viewer   / viewer    (browse tasks)
                         or operator / operator  (also submit, cancel, retry)
                  switch the demo off with async-task.demo.enabled=false
                ------------------------------------------------------------------""".formatted(consoleUrl());
    }

    /** The port the server actually bound (it differs from server.port when that is 0). */
    String consoleUrl() {
        String port = environment.getProperty("local.server.port");
        if (port == null) {
            return "none (no web server in this application)";
        }
        String contextPath = environment.getProperty("server.servlet.context-path", "");
        return "http://localhost:" + port + contextPath + "/";
    }
}
