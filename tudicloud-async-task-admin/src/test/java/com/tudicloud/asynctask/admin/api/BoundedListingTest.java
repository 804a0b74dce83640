package com.tudicloud.asynctask.admin.api;

import com.tudicloud.asynctask.admin.AdminTestDatabase;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;

import static com.tudicloud.asynctask.admin.api.TaskApiTest.asViewer;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.contains;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * No listing costs more on a big table than on a small one: the count stops at the list limit ("200+" here),
 * pages reach that far and no farther, the only order is the one an index serves, and the overview's counts
 * stop at the limit too.
 */
@SpringBootTest(properties = {"async-task.worker.enabled=false", "async-task.admin.list-limit=200",
        "async-task.admin.stats-cache=0s"})
@AutoConfigureMockMvc
class BoundedListingTest {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        AdminTestDatabase.register(registry);
    }

    @Autowired
    MockMvc mvc;

    private final TestDatabase db = TestDatabase.get();
    private final JdbcTemplate jdbc = new JdbcTemplate(db.dataSource());

    @BeforeEach
    void manyQueuedAndAFewFailed() {
        db.deleteAllTasks();
        for (int i = 0; i < 250; i++) {
            insert(i < 3 ? "FAILED" : "QUEUED");
        }
    }

    @Test
    void theCountStopsAtTheListLimitAndSaysSo() throws Exception {
        mvc.perform(asViewer(get("/api/tasks"))).andExpect(status().isOk())
                .andExpect(jsonPath("$.total").value(200)).andExpect(jsonPath("$.totalCapped").value(true));
        mvc.perform(asViewer(get("/api/tasks?status=FAILED")))
                .andExpect(jsonPath("$.total").value(3)).andExpect(jsonPath("$.totalCapped").value(false));
    }

    @Test
    void pagesReachTheListLimitAndNoFarther() throws Exception {
        mvc.perform(asViewer(get("/api/tasks?page=9&size=20"))).andExpect(status().isOk())
                .andExpect(jsonPath("$.items.length()").value(20));
        mvc.perform(asViewer(get("/api/tasks?page=0&size=200"))).andExpect(status().isOk());
        for (String deep : new String[] {"page=10&size=20", "page=1&size=200", "page=1000000&size=200", "page=199&size=2"}) {
            mvc.perform(asViewer(get("/api/tasks?" + deep))).andExpect(status().isBadRequest())
                    .andExpect(jsonPath("$.errors[0].field").value("page"))
                    .andExpect(jsonPath("$.detail").value(containsString("first 200 matching tasks")));
        }
        mvc.perform(asViewer(get("/api/tasks?page=99&size=2"))).andExpect(status().isOk());
    }

    @Test
    void onlyTheOrderAnIndexServesIsOffered() throws Exception {
        mvc.perform(asViewer(get("/api/tasks?sort=createTime,asc"))).andExpect(status().isOk());
        for (String sort : new String[] {"updateTime", "priority,desc", "status"}) {
            mvc.perform(asViewer(get("/api/tasks?sort=" + sort))).andExpect(status().isBadRequest())
                    .andExpect(jsonPath("$.errors[0].field").value("sort"));
        }
    }

    @Test
    void theOverviewCountsEachStatusUpToTheLimit() throws Exception {
        mvc.perform(asViewer(get("/api/stats"))).andExpect(status().isOk())
                .andExpect(jsonPath("$.byStatus.QUEUED").value(200))
                .andExpect(jsonPath("$.byStatus.FAILED").value(3))
                .andExpect(jsonPath("$.byStatus.SUCCESS").value(0))
                .andExpect(jsonPath("$.capped", contains("QUEUED")));
    }

    private void insert(String status) {
        jdbc.update("INSERT INTO system_async_task (task_type, status, priority, available_at, attempt_count, max_attempts,"
                + " lease_token, create_time, update_time) VALUES ('mail', ?, 0, NOW(3), 0, 3, 0, NOW(3), NOW(3))", status);
    }
}
