package com.tudicloud.asynctask.admin.audit;

import com.tudicloud.asynctask.admin.api.OperatorActions;
import com.tudicloud.asynctask.admin.security.LoginFailureAudit;
import com.tudicloud.asynctask.autoconfigure.AsyncTaskSettings;
import com.tudicloud.asynctask.api.spi.AuditTrail;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The audit trail: its store, failed logins written to it, and its pruning by the retention settings. */
@Configuration(proxyBeanMethods = false)
public class AuditConfiguration {

    @Bean
    AuditTrail auditTrail(MyBatisStores stores) {
        return stores.auditTrail();
    }

    @Bean
    LoginFailureAudit loginFailureAudit(OperatorActions actions) {
        return failure -> actions.recordFailedLogin(failure.user(), failure.address(), failure.reason());
    }

    @Bean
    @ConditionalOnBooleanProperty(prefix = "async-task.retention", name = "enabled", matchIfMissing = true)
    AuditRetention auditRetention(AuditTrail audit, AsyncTaskSettings settings) {
        return new AuditRetention(audit, settings.retention(), settings.auditAge());
    }
}
