package com.tudicloud.asynctask.admin.demo;

import liquibase.integration.spring.SpringLiquibase;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * The demo's table comes with the demo: while it runs, Liquibase applies the admin changelog (async-task's
 * schema and demo_import_record) in place of async-task's alone. A changelog of the application's own is left
 * as it is.
 */
public class DemoSchema implements BeanPostProcessor {

    /** async-task's own changelog, as application.yml names it. */
    public static final String ASYNC_TASK_CHANGELOG = "classpath:db/async-task/changelog-master.xml";
    /** async-task's changelog and the demo's table. */
    public static final String DEMO_CHANGELOG = "classpath:db/admin/changelog-master.xml";

    @Override
    public Object postProcessBeforeInitialization(Object bean, String beanName) {
        if (bean instanceof SpringLiquibase liquibase && ASYNC_TASK_CHANGELOG.equals(liquibase.getChangeLog())) {
            liquibase.setChangeLog(DEMO_CHANGELOG);
        }
        return bean;
    }
}
