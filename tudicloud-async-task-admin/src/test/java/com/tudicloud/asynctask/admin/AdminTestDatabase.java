package com.tudicloud.asynctask.admin;

import com.tudicloud.asynctask.testing.TestDatabase;
import org.springframework.test.context.DynamicPropertyRegistry;

import java.util.List;

/** Points an admin application under test at the real test database, demo off. */
public final class AdminTestDatabase {

    private AdminTestDatabase() {
    }

    /**
     * The test database, demo off, and the tests' own logins viewer/viewer, operator/operator and metrics/metrics
     * (the demo's users go with the demo).
     */
    public static void register(DynamicPropertyRegistry registry) {
        registerWithoutUsers(registry);
        addUser(registry, 0, "viewer", TestLogins.VIEWER_HASH, "VIEWER");
        addUser(registry, 1, "operator", TestLogins.OPERATOR_HASH, "OPERATOR");
        addUser(registry, 2, "metrics", TestLogins.METRICS_HASH, "METRICS");
    }

    /** The test database and demo off, nobody to log in unless the test configures users. */
    public static void registerWithoutUsers(DynamicPropertyRegistry registry) {
        TestDatabase db = TestDatabase.get();
        registry.add("spring.datasource.url", db::jdbcUrl);
        registry.add("spring.datasource.username", db::username);
        registry.add("spring.datasource.password", db::password);
        registry.add("async-task.demo.enabled", () -> "false");
        // tests log in thousands of times from one address, some with wrong passwords on purpose;
        // LoginThrottleTest checks the throttle with limits of its own
        for (String limit : List.of("per-user-per-minute", "per-user-per-hour", "per-address-per-minute", "per-address-per-hour")) {
            registry.add("async-task.admin.login-throttle." + limit, () -> "1000000");
        }
    }

    private static void addUser(DynamicPropertyRegistry registry, int index, String name, String hash, String role) {
        String prefix = "async-task.admin.users[" + index + "].";
        registry.add(prefix + "username", () -> name);
        registry.add(prefix + "password", () -> hash);
        registry.add(prefix + "role", () -> role);
    }
}
