package com.tudicloud.asynctask.console.autoconfigure;

import com.tudicloud.asynctask.autoconfigure.AsyncTaskAutoConfiguration;
import com.tudicloud.asynctask.autoconfigure.AsyncTaskClientAutoConfiguration;
import com.tudicloud.asynctask.console.ConsoleAccess;
import com.tudicloud.asynctask.console.ConsoleApiProperties;
import com.tudicloud.asynctask.console.api.ConsoleApi;
import com.tudicloud.asynctask.console.api.RequestBodyLimitFilter;
import com.tudicloud.asynctask.console.api.error.ApiProblems;
import com.tudicloud.asynctask.console.api.error.ProblemWriter;
import com.tudicloud.asynctask.console.api.json.ConsoleJson;
import com.tudicloud.asynctask.console.audit.AuditConfiguration;
import com.tudicloud.asynctask.console.pages.ConsolePages;
import com.tudicloud.asynctask.console.timeline.TimelineConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.web.method.HandlerTypePredicate;
import org.springframework.web.servlet.config.annotation.PathMatchConfigurer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.i18n.AcceptHeaderLocaleResolver;

import java.util.Locale;

/**
 * The console inside a service: its page and REST API under {@code async-task.console.path} (/async-tasks by
 * default), behind the service's own Spring Security, which says who is logged in; the console then gives the
 * user the role its authorities map to ({@code async-task.console.viewer-authorities},
 * {@code operator-authorities}), and none unless one is mapped. The API's settings are {@code async-task.admin.*}.
 * Its beans' names start with asyncTask, or are their class's full name, so that none meets one of the service's.
 */
@AutoConfiguration(after = {AsyncTaskAutoConfiguration.class, AsyncTaskClientAutoConfiguration.class})
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnBooleanProperty(prefix = "async-task.console", name = "enabled", matchIfMissing = true)
@EnableConfigurationProperties({EmbeddedConsoleProperties.class, ConsoleApiProperties.class})
@Import({ConsoleApi.class, AuditConfiguration.class, TimelineConfiguration.class, ConsoleApiExceptionHandler.class})
public class ConsoleAutoConfiguration {

    private static final Logger log = LoggerFactory.getLogger(ConsoleAutoConfiguration.class);

    @Bean
    @ConditionalOnMissingBean
    ConsoleAccess asyncTaskConsoleAccess(EmbeddedConsoleProperties properties) {
        if (properties.getViewerAuthorities().isEmpty() && properties.getOperatorAuthorities().isEmpty()) {
            log.warn("The task console at {} refuses everyone: no authority is mapped to a role (set "
                    + "async-task.console.viewer-authorities and async-task.console.operator-authorities)",
                    properties.getPath());
        } else {
            log.info("Task console at {}: viewers {}, operators {}", properties.getPath(),
                    properties.getViewerAuthorities(), properties.getOperatorAuthorities());
        }
        String logout = properties.getLogoutPath();
        return new ConsoleAccess(properties.getViewerAuthorities(), properties.getOperatorAuthorities(),
                logout == null || logout.isBlank() ? null : logout);
    }

    @Bean
    ConsolePages asyncTaskConsolePages(EmbeddedConsoleProperties properties) {
        return new ConsolePages(properties.getPath());
    }

    /** The API's controllers under the mount path; the service's own controllers keep their paths. */
    @Bean
    WebMvcConfigurer asyncTaskConsoleApiPath(EmbeddedConsoleProperties properties) {
        return new WebMvcConfigurer() {
            @Override
            public void configurePathMatch(PathMatchConfigurer paths) {
                paths.addPathPrefix(properties.getPath(), HandlerTypePredicate.forBasePackageClass(ConsoleApi.class));
            }
        };
    }

    @Bean
    FilterRegistrationBean<ConsoleAccessFilter> asyncTaskConsoleAccessFilter(
            EmbeddedConsoleProperties properties, ConsoleAccess access, ConsoleJson json,
            ObjectProvider<SecurityFilterProperties> security) {
        FilterRegistrationBean<ConsoleAccessFilter> registration = new FilterRegistrationBean<>(
                new ConsoleAccessFilter(properties.getPath(), access, problemWriter(json)));
        registration.addUrlPatterns(properties.getPath(), properties.getPath() + "/*");
        registration.setOrder(afterSecurity(security));
        return registration;
    }

    @Bean
    FilterRegistrationBean<RequestBodyLimitFilter> asyncTaskConsoleRequestBodyLimit(
            EmbeddedConsoleProperties properties, ConsoleApiProperties api, ConsoleJson json,
            ObjectProvider<SecurityFilterProperties> security) {
        FilterRegistrationBean<RequestBodyLimitFilter> registration = new FilterRegistrationBean<>(
                new RequestBodyLimitFilter(api.getMaxBodyBytes(), properties.getPath() + "/api", problemWriter(json)));
        registration.addUrlPatterns(properties.getPath() + "/api/*");
        registration.setOrder(afterSecurity(security) + 1);
        return registration;
    }

    /** Right after Spring Security's filters (spring.security.filter.order), which have put the user in place. */
    private static int afterSecurity(ObjectProvider<SecurityFilterProperties> security) {
        return security.getIfAvailable(SecurityFilterProperties::new).getOrder() + 10;
    }

    /** The console's texts in the language its pages ask for (Accept-Language), English otherwise. */
    private static ProblemWriter problemWriter(ConsoleJson json) {
        AcceptHeaderLocaleResolver locales = new AcceptHeaderLocaleResolver();
        locales.setDefaultLocale(Locale.ENGLISH);
        return new ProblemWriter(json.mapper(), ApiProblems.messages(), locales);
    }
}
