package com.tudicloud.asynctask.console.audit;

import com.tudicloud.asynctask.api.spi.AuditTrail;
import com.tudicloud.asynctask.autoconfigure.AsyncTaskSettings;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The audit trail: its store, the record of operators' actions, and its pruning by the retention settings. */
@Configuration(proxyBeanMethods = false)
public class AuditConfiguration {

    @Bean
    AuditTrail asyncTaskAuditTrail(MyBatisStores stores) {
        return stores.auditTrail();
    }

    /** Counted in the application's MeterRegistry; without one, in Micrometer's global registry, which keeps nothing. */
    @Bean
    OperatorActions asyncTaskOperatorActions(ObjectProvider<MeterRegistry> registry, AuditTrail audit) {
        return new OperatorActions(registry.getIfAvailable(() -> Metrics.globalRegistry), audit);
    }

    @Bean
    @ConditionalOnBooleanProperty(prefix = "async-task.retention", name = "enabled", matchIfMissing = true)
    AuditRetention asyncTaskAuditRetention(AuditTrail audit, AsyncTaskSettings settings) {
        return new AuditRetention(audit, settings.retention(), settings.auditAge());
    }
}
