package com.tudicloud.asynctask.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** Where the tasks live. */
@ConfigurationProperties("async-task")
public class AsyncTaskClientProperties {

    /**
     * The bean name of the DataSource that holds the async-task tables, for an application with several
     * DataSources; unset, the only DataSource or the @Primary one.
     */
    private String datasource;

    public String getDatasource() {
        return datasource;
    }

    public void setDatasource(String datasource) {
        this.datasource = datasource;
    }
}
