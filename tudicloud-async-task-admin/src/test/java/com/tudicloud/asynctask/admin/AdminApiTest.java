package com.tudicloud.asynctask.admin;

import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;

/**
 * An admin application under test, on the real test database with the tests' logins, called through MockMvc;
 * each test starts with no task. A subclass names its settings in its own {@code @SpringBootTest}.
 */
@AutoConfigureMockMvc
public abstract class AdminApiTest {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        AdminTestDatabase.register(registry);
    }

    @Autowired
    protected MockMvc mvc;

    protected final TestDatabase db = TestDatabase.get();
    protected final TaskRows rows = new TaskRows(db.dataSource());
    protected final JdbcTemplate jdbc = rows.jdbc();

    @BeforeEach
    void startWithoutTasks() {
        db.deleteAllTasks();
    }

    public static MockHttpServletRequestBuilder asOperator(MockHttpServletRequestBuilder request) {
        return request.with(httpBasic("operator", "operator"));
    }

    public static MockHttpServletRequestBuilder asViewer(MockHttpServletRequestBuilder request) {
        return request.with(httpBasic("viewer", "viewer"));
    }
}
