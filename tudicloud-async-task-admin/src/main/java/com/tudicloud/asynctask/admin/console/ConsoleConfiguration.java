package com.tudicloud.asynctask.admin.console;

import com.tudicloud.asynctask.admin.ConditionalOnConsole;
import com.tudicloud.asynctask.console.ConsoleApiProperties;
import com.tudicloud.asynctask.console.api.ConsoleApi;
import com.tudicloud.asynctask.console.api.RequestBodyLimitFilter;
import com.tudicloud.asynctask.console.api.error.ProblemWriter;
import com.tudicloud.asynctask.console.api.json.ConsoleJson;
import com.tudicloud.asynctask.console.pages.ConsolePages;
import com.tudicloud.asynctask.console.timeline.TimelineConfiguration;
import org.springframework.context.MessageSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.web.servlet.LocaleResolver;
import org.springframework.web.servlet.config.annotation.ViewControllerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The REST API at /api and the web console at "/", with the console's login page at "/login". Off together
 * ({@code async-task.admin.console.enabled=false}).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnConsole
@Import({ConsoleApi.class, TimelineConfiguration.class})
class ConsoleConfiguration implements WebMvcConfigurer {

    @Bean
    ConsolePages consolePages() {
        return new ConsolePages("");
    }

    @Bean
    RequestBodyLimitFilter requestBodyLimitFilter(ConsoleApiProperties properties, ConsoleJson json,
                                                  MessageSource messages, LocaleResolver locales) {
        return new RequestBodyLimitFilter(properties.getMaxBodyBytes(), "/api",
                new ProblemWriter(json.mapper(), messages, locales));
    }

    @Override
    public void addViewControllers(ViewControllerRegistry registry) {
        registry.addViewController("/login").setViewName("forward:/console/login.html");
    }
}
