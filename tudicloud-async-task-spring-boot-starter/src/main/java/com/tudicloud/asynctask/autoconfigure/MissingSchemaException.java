package com.tudicloud.asynctask.autoconfigure;

import java.util.List;

/** The database the stores use lacks tables of the async-task schema; start-up stops naming them. */
public class MissingSchemaException extends IllegalStateException {

    static final String HOW_TO_CREATE = "Create the schema in one of two ways, and keep to the one you choose: "
            + "include the shipped Liquibase changelog from your own changelog, "
            + "<include file=\"db/async-task/changelog-master.xml\"/> (with spring-boot-starter-liquibase); "
            + "or run sql/mysql/system_async_task.sql from the tudicloud-async-task sources against the database.";

    private final List<String> missingTables;

    public MissingSchemaException(List<String> missingTables) {
        super("The async-task schema is missing from the database: no table " + String.join(", ", missingTables)
                + ". " + HOW_TO_CREATE);
        this.missingTables = List.copyOf(missingTables);
    }

    public List<String> missingTables() {
        return missingTables;
    }
}
