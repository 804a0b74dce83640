package com.tudicloud.asynctask.autoconfigure;

import com.tudicloud.asynctask.mybatis.SchemaCheck;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.dao.DataAccessException;

import java.util.List;

/**
 * At start, once every bean is ready (an application's Liquibase migration included) and before the worker
 * starts: the tables of the schema must exist, or start-up stops naming them. A database that cannot be
 * reached now does not stop the start; the stores wait for it as they always do.
 */
final class SchemaVerification implements SmartInitializingSingleton {

    private static final Logger log = LoggerFactory.getLogger(SchemaVerification.class);

    private final SchemaCheck check;

    SchemaVerification(SchemaCheck check) {
        this.check = check;
    }

    @Override
    public void afterSingletonsInstantiated() {
        List<String> missing;
        try {
            missing = check.missingTables();
        } catch (DataAccessException e) {
            log.warn("Could not check the async-task schema at start, the database did not answer: {}", e.getMessage());
            return;
        }
        if (!missing.isEmpty()) {
            throw new MissingSchemaException(missing);
        }
    }
}
