package com.tudicloud.asynctask.admin;

import com.tudicloud.asynctask.mybatis.testing.TestDatabase;
import org.springframework.test.context.DynamicPropertyRegistry;

/** Points an admin application under test at the real test database, demo off. */
public final class AdminTestDatabase {

    private AdminTestDatabase() {
    }

    public static void register(DynamicPropertyRegistry registry) {
        TestDatabase db = TestDatabase.get();
        registry.add("spring.datasource.url", db::jdbcUrl);
        registry.add("spring.datasource.username", db::username);
        registry.add("spring.datasource.password", db::password);
        registry.add("async-task.demo.enabled", () -> "false");
    }
}
