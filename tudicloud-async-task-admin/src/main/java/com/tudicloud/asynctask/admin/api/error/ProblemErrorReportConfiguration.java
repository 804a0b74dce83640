package com.tudicloud.asynctask.admin.api.error;

import org.apache.catalina.Host;
import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/**
 * Puts {@link ProblemErrorReportValve} in place of the embedded Tomcat's HTML error report valves. It sits
 * in the engine's pipeline, not the host's, so that it also answers requests that never reach a host
 * (a Host header Tomcat cannot parse).
 */
@Configuration(proxyBeanMethods = false)
class ProblemErrorReportConfiguration {

    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> problemErrorReports(JsonMapper jsonMapper) {
        return factory -> {
            factory.addEngineValves(new ProblemErrorReportValve(jsonMapper));
            factory.addContextCustomizers(context -> {
                Host host = (Host) context.getParent();
                for (Valve valve : host.getPipeline().getValves()) {
                    if (valve instanceof ErrorReportValve) {
                        host.getPipeline().removeValve(valve);
                    }
                }
                // an empty class name: the host adds no HTML valve of its own when it starts
                if (host instanceof StandardHost standardHost) {
                    standardHost.setErrorReportValveClass("");
                }
            });
        };
    }
}
