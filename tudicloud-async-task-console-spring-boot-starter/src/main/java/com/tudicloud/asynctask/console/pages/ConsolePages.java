package com.tudicloud.asynctask.console.pages;

import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.ViewControllerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Serves the web console, static pages and ES modules that call the API relative to where they are, from
 * classpath:/console/: the console at {@code <path>/}, its files under {@code <path>/console/**}. A mount path
 * without its slash is redirected to it, since the page's relative addresses resolve against that slash.
 */
public class ConsolePages implements WebMvcConfigurer {

    private final String path;

    /** @param path where the console is mounted: "" for the application's root, else e.g. /async-tasks */
    public ConsolePages(String path) {
        this.path = path;
    }

    @Override
    public void addResourceHandlers(ResourceHandlerRegistry registry) {
        registry.addResourceHandler(path + "/console/**").addResourceLocations("classpath:/console/");
    }

    @Override
    public void addViewControllers(ViewControllerRegistry registry) {
        registry.addViewController(path + "/").setViewName("forward:" + path + "/console/index.html");
        if (!path.isEmpty()) {
            registry.addRedirectViewController(path, path + "/");
        }
    }
}
