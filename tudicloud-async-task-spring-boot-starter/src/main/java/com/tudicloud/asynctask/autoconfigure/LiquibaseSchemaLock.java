package com.tudicloud.asynctask.autoconfigure;

import com.tudicloud.asynctask.mybatis.SchemaLockingDataSource;
import liquibase.integration.spring.SpringLiquibase;
import org.springframework.beans.factory.config.BeanPostProcessor;

import java.time.Duration;

/**
 * Runs the application's Liquibase migration under a database-wide lock ({@link SchemaLockingDataSource}),
 * so that the replicas of a deployment starting together on an empty database do not race to create
 * Liquibase's own tables; the first migrates, the others wait and then find nothing left to do.
 */
final class LiquibaseSchemaLock implements BeanPostProcessor {

    /** Longer than any migration of this schema; a node still waiting after it stops with a clear message. */
    static final Duration TIMEOUT = Duration.ofMinutes(5);

    @Override
    public Object postProcessBeforeInitialization(Object bean, String beanName) {
        if (bean instanceof SpringLiquibase liquibase && liquibase.getDataSource() != null
                && !(liquibase.getDataSource() instanceof SchemaLockingDataSource)) {
            liquibase.setDataSource(new SchemaLockingDataSource(liquibase.getDataSource(), TIMEOUT));
        }
        return bean;
    }
}
