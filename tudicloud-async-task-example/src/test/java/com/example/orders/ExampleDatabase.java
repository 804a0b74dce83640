package com.example.orders;

import com.tudicloud.asynctask.testing.DatabaseServer;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.springframework.test.context.DynamicPropertyRegistry;

/** A database of its own for a test that starts the example service: made anew on the test database's server. */
public final class ExampleDatabase {

    private ExampleDatabase() {
    }

    /** Points the service's DataSource at a new, empty database of this name; Liquibase fills it at start. */
    public static void register(DynamicPropertyRegistry registry, String name) {
        DatabaseServer server = TestDatabase.get().server();
        String database = server.recreateScratchDatabase(name);
        registry.add("spring.datasource.url", () -> server.jdbcUrl(database));
        registry.add("spring.datasource.username", server::username);
        registry.add("spring.datasource.password", server::password);
    }
}
