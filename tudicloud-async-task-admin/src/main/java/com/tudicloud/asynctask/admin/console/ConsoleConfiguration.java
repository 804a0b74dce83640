package com.tudicloud.asynctask.admin.console;

import com.tudicloud.asynctask.admin.ConditionalOnConsole;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.ViewControllerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Serves the web console, static pages and ES modules that talk to /api, from classpath:/console/: the
 * console at "/", its login page at "/login", their files under /console/**. Off together with the API
 * ({@code async-task.admin.console.enabled=false}).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnConsole
class ConsoleConfiguration implements WebMvcConfigurer {

    @Override
    public void addResourceHandlers(ResourceHandlerRegistry registry) {
        registry.addResourceHandler("/console/**").addResourceLocations("classpath:/console/");
    }

    @Override
    public void addViewControllers(ViewControllerRegistry registry) {
        registry.addViewController("/").setViewName("forward:/console/index.html");
        registry.addViewController("/login").setViewName("forward:/console/login.html");
    }
}
