package com.tudicloud.asynctask.console.api.json;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.converter.HttpMessageConverters;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** The console's JSON and the converter that reads and writes its types with it. */
@Configuration(proxyBeanMethods = false)
class ConsoleJsonConfiguration {

    @Bean
    ConsoleJson asyncTaskConsoleJson() {
        return new ConsoleJson();
    }

    @Bean
    WebMvcConfigurer asyncTaskConsoleJsonConverter(ConsoleJson json) {
        return new WebMvcConfigurer() {
            @Override
            public void configureMessageConverters(HttpMessageConverters.ServerBuilder converters) {
                converters.addCustomConverter(new ConsoleJsonConverter(json));
            }
        };
    }
}
