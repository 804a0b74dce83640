package com.tudicloud.asynctask.autoconfigure;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;

import javax.sql.DataSource;
import java.util.Arrays;
import java.util.List;

/**
 * Which DataSource holds the async-task tables: the bean {@code async-task.datasource} names, else the only
 * DataSource or the @Primary one. Anything else stops the start rather than guess: tasks, the business
 * transactions they join and the schema would otherwise end up on whichever DataSource came first.
 */
final class DataSourceChoice {

    private static final Logger log = LoggerFactory.getLogger(DataSourceChoice.class);

    private DataSourceChoice() {
    }

    static DataSource choose(ListableBeanFactory beans, String named) {
        List<String> candidates = Arrays.asList(beans.getBeanNamesForType(DataSource.class));
        if (named != null && !named.isBlank()) {
            if (!candidates.contains(named)) {
                throw new DataSourceChoiceException(named, candidates);
            }
            log.info("Async tasks use the DataSource bean '{}' (async-task.datasource)", named);
            return beans.getBean(named, DataSource.class);
        }
        ObjectProvider<DataSource> provider = beans.getBeanProvider(DataSource.class);
        DataSource chosen = provider.getIfUnique();
        if (chosen == null) {
            throw new DataSourceChoiceException(null, candidates);
        }
        if (candidates.size() > 1) {
            log.info("Async tasks use the @Primary one of the DataSource beans {}", candidates);
        }
        return chosen;
    }
}
