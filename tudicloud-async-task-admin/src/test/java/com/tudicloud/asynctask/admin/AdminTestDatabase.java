package com.tudicloud.asynctask.admin;

import com.tudicloud.asynctask.mybatis.testing.TestDatabase;
import org.springframework.test.context.DynamicPropertyRegistry;

/** Points an admin application under test at the real test database, demo off. */
public final class AdminTestDatabase {

    private AdminTestDatabase() {
    }

    /**
     * The test database, demo off, and the tests' own logins viewer/viewer and operator/operator (the demo's
     * users go with the demo).
     */
    public static void register(DynamicPropertyRegistry registry) {
        registerWithoutUsers(registry);
        addUser(registry, 0, "viewer", "VIEWER");
        addUser(registry, 1, "operator", "OPERATOR");
    }

    /** The test database and demo off, nobody to log in unless the test configures users. */
    public static void registerWithoutUsers(DynamicPropertyRegistry registry) {
        TestDatabase db = TestDatabase.get();
        registry.add("spring.datasource.url", db::jdbcUrl);
        registry.add("spring.datasource.username", db::username);
        registry.add("spring.datasource.password", db::password);
        registry.add("async-task.demo.enabled", () -> "false");
    }

    /** A user whose password is its name. */
    private static void addUser(DynamicPropertyRegistry registry, int index, String name, String role) {
        String prefix = "async-task.admin.users[" + index + "].";
        registry.add(prefix + "username", () -> name);
        registry.add(prefix + "password", () -> "{noop}" + name);
        registry.add(prefix + "role", () -> role);
    }
}
