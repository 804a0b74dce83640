package com.tudicloud.asynctask.admin.api;

import com.tudicloud.asynctask.admin.AdminApiTest;
import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.BatchRequest;
import com.tudicloud.asynctask.api.SubmittedBatch;
import com.tudicloud.asynctask.api.SubmittedTask;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.TaskEventType;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import jakarta.servlet.http.Cookie;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

import java.time.Duration;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/** The REST API end to end on the real database: happy paths, roles, and every status code it promises. */
@SpringBootTest(properties = {"async-task.admin.task-types=mail,report", "async-task.worker.enabled=false",
        "async-task.admin.redact-payload-fields=/card/number,/tokens/0"})
class TaskApiTest extends AdminApiTest {

    @Autowired
    AsyncTaskClient client;

    @Autowired
    MyBatisStores stores;

    @Test
    void anOperatorSubmitsAndGetsTheTaskBack() throws Exception {
        mvc.perform(asOperator(post("/api/tasks")).contentType(MediaType.APPLICATION_JSON).content("""
                        {"taskType": "mail", "payload": {"to": "ada@example.com", "lines": [1, 2]},
                         "priority": 5, "delayMs": 60000, "maxAttempts": 4, "ownerId": "alice", "dedupKey": "welcome-ada"}
                        """))
                .andExpect(status().isCreated())
                .andExpect(header().string("Location", containsString("/api/tasks/")))
                .andExpect(jsonPath("$.status").value("SCHEDULED"))   // due in a minute
                .andExpect(jsonPath("$.payload.to").value("ada@example.com"))
                .andExpect(jsonPath("$.priority").value(5))
                .andExpect(jsonPath("$.maxAttempts").value(4));
        long id = rows.idsWithStatus("SCHEDULED").get(0);
        assertThat(rows.millisUntilDue(id)).isBetween(50_000L, 60_000L);

        mvc.perform(asViewer(get("/api/tasks/" + id)))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.ownerId").value("alice"))
                .andExpect(jsonPath("$.payload.lines", hasSize(2)));
    }

    @Test
    void resubmittingADedupKeyReturnsTheFirstTaskWith200() throws Exception {
        String body = "{\"taskType\": \"mail\", \"dedupKey\": \"order-7\"}";
        mvc.perform(asOperator(post("/api/tasks")).contentType(MediaType.APPLICATION_JSON).content(body))
                .andExpect(status().isCreated());
        long first = rows.idsWithStatus("QUEUED").get(0);

        mvc.perform(asOperator(post("/api/tasks")).contentType(MediaType.APPLICATION_JSON).content(body))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.id").value(first))
                .andExpect(header().string("Location", endsWith("/api/tasks/" + first)));
        assertThat(rows.count("QUEUED")).isEqualTo(1);
    }

    @Test
    void dedupKeysMatchExactlyAndPayloadNumbersAreKeptAsWritten() throws Exception {
        for (String key : new String[]{"Key-é", "key-é", "Key-e", "Key-ê"}) {
            mvc.perform(asOperator(post("/api/tasks")).contentType(MediaType.APPLICATION_JSON)
                            .content("{\"taskType\": \"mail\", \"dedupKey\": \"" + key + "\"}"))
                    .andExpect(status().isCreated());
        }
        mvc.perform(asOperator(post("/api/tasks")).contentType(MediaType.APPLICATION_JSON)
                        .content("{\"taskType\": \"mail\", \"payload\": {\"amount\": 0.1000000000000000055511151231257827}}"))
                .andExpect(status().isCreated())
                .andExpect(content().string(containsString("0.1000000000000000055511151231257827")));
        assertThat(rows.count("QUEUED")).isEqualTo(5);
    }

    @Test
    void listingFiltersSortsAndPages() throws Exception {
        for (int i = 0; i < 5; i++) {
            client.submit(TaskRequest.of("mail", null).withPriority(i).withOwnerId(i % 2 == 0 ? "alice" : "bob"));
        }
        client.submit(TaskRequest.of("report", null).withOwnerId("alice"));

        mvc.perform(asViewer(get("/api/tasks")).param("taskType", "mail").param("ownerId", "alice")
                        .param("sort", "createTime,desc").param("size", "2"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.total").value(3))
                .andExpect(jsonPath("$.totalCapped").value(false))
                .andExpect(jsonPath("$.items", hasSize(2)))
                .andExpect(jsonPath("$.items[0].priority").value(4))
                .andExpect(jsonPath("$.items[1].priority").value(2))
                .andExpect(jsonPath("$.items[0].payload").doesNotExist());
        mvc.perform(asViewer(get("/api/tasks")).param("status", "QUEUED", "CANCELLED").param("sort", "createTime,asc")
                        .param("page", "1").param("size", "4"))
                .andExpect(jsonPath("$.total").value(6))
                .andExpect(jsonPath("$.items", hasSize(2)));
        mvc.perform(asViewer(get("/api/tasks")).param("status", "RUNNING"))
                .andExpect(jsonPath("$.total").value(0));
    }

    @Test
    void aTasksKeyIsShownAndFiltersTheListing() throws Exception {
        mvc.perform(asOperator(post("/api/tasks")).contentType(MediaType.APPLICATION_JSON)
                        .content("{\"taskType\": \"mail\", \"key\": \"customer-42\"}"))
                .andExpect(status().isCreated())
                .andExpect(jsonPath("$.key").value("customer-42"));
        client.submit(TaskRequest.of("mail", null).withKey("Customer-42"));
        client.submit(TaskRequest.of("mail", null));

        mvc.perform(asViewer(get("/api/tasks")).param("key", "customer-42"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.total").value(1))
                .andExpect(jsonPath("$.items[0].key").value("customer-42"));
        mvc.perform(asViewer(get("/api/tasks")).param("key", "k".repeat(TaskRequest.MAX_KEY_LENGTH + 1)))
                .andExpect(status().isBadRequest());
        mvc.perform(asOperator(post("/api/tasks")).contentType(MediaType.APPLICATION_JSON)
                        .content("{\"taskType\": \"mail\", \"key\": \" padded \"}"))
                .andExpect(status().isBadRequest())
                .andExpect(content().string(containsString("white space")));
    }

    @Test
    void aBatchsChildrenCarryTheirBatchAndFilterTheListingNewestFirst() throws Exception {
        SubmittedBatch batch = client.submitBatch(BatchRequest.of(List.of(TaskRequest.of("report", null),
                TaskRequest.of("report", null), TaskRequest.of("report", null))));
        client.submitBatch(BatchRequest.of(List.of(TaskRequest.of("report", null))));
        long lone = client.submit(TaskRequest.of("report", null)).taskId();
        List<Long> children = batch.children().stream().map(SubmittedTask::taskId).toList();

        mvc.perform(asViewer(get("/api/tasks")).param("batchId", String.valueOf(batch.batchId())).param("size", "2"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.total").value(3))
                .andExpect(jsonPath("$.items[*].id").value(contains(children.get(2).intValue(), children.get(1).intValue())))
                .andExpect(jsonPath("$.items[0].batchId").value(batch.batchId()));
        mvc.perform(asViewer(get("/api/tasks/" + children.get(0))))
                .andExpect(jsonPath("$.batchId").value(batch.batchId()));
        mvc.perform(asViewer(get("/api/tasks/" + lone)))
                .andExpect(jsonPath("$.batchId").value(nullValue()));
        for (String bad : List.of("0", "-3", "seven", "99999999999999999999")) {
            mvc.perform(asViewer(get("/api/tasks")).param("batchId", bad))
                    .andExpect(status().isBadRequest())
                    .andExpect(jsonPath("$.detail", containsString("batchId")));
        }
    }

    @Test
    void cancelAndRetryFollowTheStatusRules() throws Exception {
        long queued = client.submit(TaskRequest.of("mail", null).withDelay(Duration.ofMinutes(5))).taskId();

        mvc.perform(asOperator(post("/api/tasks/" + queued + "/cancel")))
                .andExpect(status().isOk()).andExpect(jsonPath("$.status").value("CANCELLED"));
        mvc.perform(asOperator(post("/api/tasks/" + queued + "/cancel")))
                .andExpect(status().isConflict())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.detail").value("task " + queued + " is already CANCELLED"));
        mvc.perform(asOperator(post("/api/tasks/" + queued + "/retry")))
                .andExpect(status().isOk()).andExpect(jsonPath("$.status").value("QUEUED"));
        mvc.perform(asOperator(post("/api/tasks/" + queued + "/retry")))
                .andExpect(status().isConflict())
                .andExpect(jsonPath("$.detail", containsString("only FAILED or CANCELLED")));
        mvc.perform(asOperator(post("/api/tasks/424242/cancel"))).andExpect(status().isNotFound());
        mvc.perform(asOperator(post("/api/tasks/424242/retry"))).andExpect(status().isNotFound());
        mvc.perform(asViewer(get("/api/tasks/424242")))
                .andExpect(status().isNotFound()).andExpect(jsonPath("$.detail").value("no task with id 424242"));
    }

    @Test
    void theEventsOfATaskNameTheOperatorsWhoChangedIt() throws Exception {
        long id = client.submit(TaskRequest.of("mail", null).withDelay(Duration.ofMinutes(5))).taskId();
        mvc.perform(asOperator(post("/api/tasks/" + id + "/cancel"))).andExpect(status().isOk());
        mvc.perform(asOperator(post("/api/tasks/" + id + "/retry"))).andExpect(status().isOk());

        mvc.perform(asViewer(get("/api/tasks/" + id + "/events")))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.taskId").value(id))
                .andExpect(jsonPath("$.mode").value("FAILURES_ONLY"))
                .andExpect(jsonPath("$.events.length()").value(2))
                .andExpect(jsonPath("$.events[0].type").value("CANCELLED"))
                .andExpect(jsonPath("$.events[0].fromTaskRow").value(false))
                .andExpect(jsonPath("$.events[0].actor").value("operator"))
                .andExpect(jsonPath("$.events[0].status").value("CANCELLED"))
                .andExpect(jsonPath("$.events[0].message").value("cancelled by request"))
                .andExpect(jsonPath("$.events[1].type").value("RETRIED"))
                .andExpect(jsonPath("$.events[1].status").value("QUEUED"))
                .andExpect(jsonPath("$.events[1].createdAt").isNotEmpty());
        mvc.perform(asViewer(get("/api/tasks/" + id + "/events").param("limit", "1")))
                .andExpect(jsonPath("$.events.length()").value(1))
                .andExpect(jsonPath("$.events[0].type").value("RETRIED"));
        mvc.perform(asViewer(get("/api/tasks/424242/events")))
                .andExpect(status().isNotFound()).andExpect(jsonPath("$.detail").value("no task with id 424242"));
        for (String limit : new String[]{"0", "1001", "-1", "abc", "99999999999"}) {
            mvc.perform(asViewer(get("/api/tasks/" + id + "/events").param("limit", limit)))
                    .andExpect(status().isBadRequest())
                    .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON));
        }
        mvc.perform(get("/api/tasks/" + id + "/events")).andExpect(status().isUnauthorized());
    }

    @Test
    void aChildOfARunningTaskShowsItsParent() throws Exception {
        long parent = client.submit(TaskRequest.of("mail", null)).taskId();
        ClaimedTask claimed = stores.leaseStore().claim(
                new ClaimRequest("worker-a", Set.of("mail"), 1, Duration.ofMillis(60_000), ConcurrencyLimits.NONE)).get(0);
        stores.leaseStore().complete("worker-a", List.of(Completion.succeeded(parent, claimed.leaseToken(), null)
                .withChildren(List.of(new NewTask("report", "{}", 0, 0, 3, null, null)))));
        long child = rows.idsWithStatus("QUEUED").get(0);

        mvc.perform(asViewer(get("/api/tasks/" + child)))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.taskType").value("report"))
                .andExpect(jsonPath("$.parentTaskId").value(parent));
        mvc.perform(asViewer(get("/api/tasks/" + parent)))
                .andExpect(jsonPath("$.parentTaskId").value(nullValue()));
    }

    @Test
    void aSucceededTaskReadsItsClaimAndSuccessFromTheTaskRow() throws Exception {
        long id = client.submit(TaskRequest.of("mail", null)).taskId();
        ClaimedTask claimed = stores.leaseStore().claim(
                new ClaimRequest("worker-a", Set.of("mail"), 1, Duration.ofMillis(60_000), ConcurrencyLimits.NONE)).get(0);
        stores.leaseStore().complete("worker-a", List.of(Completion.succeeded(id, claimed.leaseToken(), null)));

        mvc.perform(asViewer(get("/api/tasks/" + id + "/events")))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.events.length()").value(2))
                .andExpect(jsonPath("$.events[0].type").value("CLAIMED"))
                .andExpect(jsonPath("$.events[0].fromTaskRow").value(true))
                .andExpect(jsonPath("$.events[0].id").value(0))
                .andExpect(jsonPath("$.events[0].workerId").value("worker-a"))
                .andExpect(jsonPath("$.events[0].leaseToken").value(claimed.leaseToken()))
                .andExpect(jsonPath("$.events[1].type").value("SUCCEEDED"))
                .andExpect(jsonPath("$.events[1].fromTaskRow").value(true))
                .andExpect(jsonPath("$.events[1].attempt").value(1))
                .andExpect(jsonPath("$.events[1].status").value("SUCCESS"));
    }

    @Test
    void aViewerMayReadButNotChange() throws Exception {
        long id = client.submit(TaskRequest.of("mail", null).withDelay(Duration.ofMinutes(5))).taskId();

        mvc.perform(asViewer(get("/api/tasks"))).andExpect(status().isOk());
        mvc.perform(asViewer(post("/api/tasks/" + id + "/cancel")))
                .andExpect(status().isForbidden())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.detail", containsString("OPERATOR")));
        mvc.perform(asViewer(post("/api/tasks")).contentType(MediaType.APPLICATION_JSON).content("{\"taskType\":\"mail\"}"))
                .andExpect(status().isForbidden());
        assertThat(rows.status(id)).isEqualTo("SCHEDULED");
        assertThat(rows.count("SCHEDULED")).isEqualTo(1);
    }

    @Test
    void anAnonymousCallerGets401AsAProblem() throws Exception {
        mvc.perform(get("/api/tasks"))
                .andExpect(status().isUnauthorized())
                .andExpect(header().doesNotExist("WWW-Authenticate"))
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.detail", containsString("/login")));
        mvc.perform(post("/api/tasks/1/cancel")).andExpect(status().isUnauthorized());
        mvc.perform(get("/api/tasks").with(httpBasic("operator", "wrong"))).andExpect(status().isUnauthorized());
        mvc.perform(get("/actuator/prometheus")).andExpect(status().isUnauthorized());
        mvc.perform(get("/actuator/health")).andExpect(status().isOk()).andExpect(jsonPath("$.status").value("UP"));
    }

    @Test
    void theBrowserSessionNeedsItsCsrfToken() throws Exception {
        String body = "{\"taskType\": \"mail\"}";
        mvc.perform(post("/api/tasks").with(user("operator").roles("OPERATOR"))
                        .contentType(MediaType.APPLICATION_JSON).content(body))
                .andExpect(status().isForbidden())
                .andExpect(jsonPath("$.detail", containsString("CSRF")));
        assertThat(rows.count("QUEUED")).isZero();

        // as the console does: read the XSRF-TOKEN cookie, send it back in the X-XSRF-TOKEN header
        Cookie token = mvc.perform(get("/api/me").with(user("operator").roles("OPERATOR")))
                .andReturn().getResponse().getCookie("XSRF-TOKEN");
        assertThat(token).isNotNull();
        assertThat(token.isHttpOnly()).as("the page's script must read it").isFalse();
        mvc.perform(post("/api/tasks").with(user("operator").roles("OPERATOR"))
                        .cookie(token).header("X-XSRF-TOKEN", token.getValue())
                        .contentType(MediaType.APPLICATION_JSON).content(body))
                .andExpect(status().isCreated());
    }

    @Test
    void theLoginPageIsTheConsolesOwnAndItsFormNeedsTheCsrfToken() throws Exception {
        var page = mvc.perform(get("/login")).andExpect(status().isOk()).andReturn();
        assertThat(page.getResponse().getForwardedUrl()).isEqualTo("/console/login.html");
        assertThat(page.getResponse().getCookie("XSRF-TOKEN")).as("the token the login form sends").isNotNull();
        mvc.perform(get("/console/js/login.js")).andExpect(status().isOk());
        // the bundles it loads, with the parts they import
        mvc.perform(get("/console/js/messages/batches/zh-CN.js")).andExpect(status().isOk());
        // a browser is sent to the login page, a program gets its 401
        mvc.perform(get("/console/js/main.js").accept(MediaType.TEXT_HTML)).andExpect(status().isFound())
                .andExpect(header().string("Location", endsWith("/login")));
        mvc.perform(get("/console/js/main.js")).andExpect(status().isUnauthorized());

        // without the token the form is refused, and nobody is logged in
        mvc.perform(post("/login").param("username", "operator").param("password", "operator"))
                .andExpect(status().isUnauthorized()).andExpect(header().doesNotExist("Location"));
        mvc.perform(post("/login").param("username", "operator").param("password", "wrong").with(csrf()))
                .andExpect(status().isFound()).andExpect(header().string("Location", "/login?error"));
        mvc.perform(post("/login").param("username", "operator").param("password", "operator").with(csrf()))
                .andExpect(status().isFound()).andExpect(header().string("Location", "/"));
        mvc.perform(get("/login").param("logout", "")).andExpect(status().isOk());
        mvc.perform(get("/login").param("error", "")).andExpect(status().isOk());
    }

    @Test
    void statsWorkersAndMe() throws Exception {
        client.submit(TaskRequest.of("mail", null));
        client.submit(TaskRequest.of("report", null).withDelay(Duration.ofMinutes(5)));

        mvc.perform(asViewer(get("/api/stats")))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.byStatus.QUEUED").value(1))
                .andExpect(jsonPath("$.byStatus.SCHEDULED").value(1))
                .andExpect(jsonPath("$.byStatus.SUCCESS").value(0))
                .andExpect(jsonPath("$.byType.report.SCHEDULED").value(1))
                .andExpect(jsonPath("$.expiredLeases").value(0));
        mvc.perform(asViewer(get("/api/workers"))).andExpect(status().isOk());
        mvc.perform(asOperator(get("/api/me")))
                .andExpect(jsonPath("$.username").value("operator"))
                .andExpect(jsonPath("$.canOperate").value(true))
                .andExpect(jsonPath("$.roles", hasSize(1)))
                .andExpect(jsonPath("$.roles[0]").value("OPERATOR"))
                .andExpect(jsonPath("$.submittableTaskTypes[0]").value("mail"))
                .andExpect(jsonPath("$.serverTimeZone").value(java.time.ZoneId.systemDefault().getId()));
        mvc.perform(asViewer(get("/api/me"))).andExpect(jsonPath("$.canOperate").value(false));
    }

    @Test
    void redactedPayloadFieldsAreMaskedInEveryAnswerButStoredAsSubmitted() throws Exception {
        String payload = "{\"card\": {\"number\": \"4111 1111 1111 1111\", \"holder\": \"Ada\"}, \"tokens\": [\"s3cret\"]}";
        mvc.perform(asOperator(post("/api/tasks")).contentType(MediaType.APPLICATION_JSON)
                        .content("{\"taskType\": \"mail\", \"dedupKey\": \"card\", \"payload\": " + payload + "}"))
                .andExpect(status().isCreated())
                .andExpect(jsonPath("$.payload.card.number").value("[redacted]"))
                .andExpect(content().string(not(containsString("4111"))));
        long id = rows.idsWithStatus("QUEUED").get(0);

        for (var request : new MockHttpServletRequestBuilder[] {asViewer(get("/api/tasks/" + id)),
                asOperator(get("/api/tasks/" + id)),
                asOperator(post("/api/tasks")).contentType(MediaType.APPLICATION_JSON)
                        .content("{\"taskType\": \"mail\", \"dedupKey\": \"card\"}")}) {
            mvc.perform(request)
                    .andExpect(status().isOk())
                    .andExpect(jsonPath("$.payload.card.number").value("[redacted]"))
                    .andExpect(jsonPath("$.payload.card.holder").value("Ada"))
                    .andExpect(jsonPath("$.payload.tokens[0]").value("[redacted]"))
                    .andExpect(jsonPath("$.redactedFields", contains("/card/number", "/tokens/0")))
                    .andExpect(content().string(not(containsString("s3cret"))));
        }
        assertThat(rows.jdbc().queryForObject("SELECT payload FROM system_async_task WHERE id = ?", String.class, id))
                .contains("4111 1111 1111 1111").contains("s3cret");
    }

    @Test
    void theTimelineCountsFinishedTasksPerMinuteAndShowsTheQueueSamples() throws Exception {
        for (String status : new String[] {"SUCCESS", "SUCCESS", "FAILED", "CANCELLED"}) {
            long id = client.submit(TaskRequest.of("mail", null)).taskId();
            rows.jdbc().update("UPDATE system_async_task SET status = ?, finished_at = NOW(3) WHERE id = ?", status, id);
        }

        mvc.perform(asViewer(get("/api/stats/timeline")).param("minutes", "5"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.minutes").value(5))
                .andExpect(jsonPath("$.finished", hasSize(5)))
                .andExpect(jsonPath("$.finished[4].success").value(2))
                .andExpect(jsonPath("$.finished[4].failed").value(1))
                .andExpect(jsonPath("$.finished[4].cancelled").value(1))
                .andExpect(jsonPath("$.queue").isArray())
                .andExpect(jsonPath("$.queueSampleSeconds").value(10));
        mvc.perform(asViewer(get("/api/stats/timeline")))
                .andExpect(jsonPath("$.minutes").value(60)).andExpect(jsonPath("$.finished", hasSize(60)));
    }

    @Test
    void theTimelineWindowIsOneToSixtyMinutesInPlainDecimal() throws Exception {
        for (String minutes : new String[] {"0", "61", "-1", "0x10", "1.5", "+5", " 5", "\u0665", "99999999999"}) {
            mvc.perform(asViewer(get("/api/stats/timeline")).param("minutes", minutes))
                    .andExpect(status().isBadRequest())
                    .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                    .andExpect(jsonPath("$.errors[0].field").value("minutes"));
        }
        mvc.perform(get("/api/stats/timeline")).andExpect(status().isUnauthorized());
    }

    @Test
    void problemsAreWrittenInTheRequestsLanguageAndInEnglishOtherwise() throws Exception {
        long id = client.submit(TaskRequest.of("mail", null).withDelay(Duration.ofMinutes(5))).taskId();
        mvc.perform(asOperator(post("/api/tasks/" + id + "/cancel"))).andExpect(status().isOk());

        mvc.perform(asOperator(post("/api/tasks/" + id + "/cancel")).header("Accept-Language", "zh-CN"))
                .andExpect(status().isConflict())
                .andExpect(jsonPath("$.title").value("任务状态不允许此操作"))
                .andExpect(jsonPath("$.detail").value("任务 " + id + " 已经是 CANCELLED 状态"));
        mvc.perform(asViewer(get("/api/tasks/424242")).header("Accept-Language", "zh-CN,zh;q=0.9,en;q=0.8"))
                .andExpect(jsonPath("$.detail").value("没有 id 为 424242 的任务"));
        mvc.perform(asOperator(post("/api/tasks")).header("Accept-Language", "zh-CN")
                        .contentType(MediaType.APPLICATION_JSON).content("{\"taskType\": \"mail\", \"maxAttempts\": 0, \"ownerId\": \" \"}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.title").value("请求无效"))
                .andExpect(jsonPath("$.detail", containsString("maxAttempts: 最小不能小于1")))
                .andExpect(jsonPath("$.detail", containsString("ownerId: 不能为空")));
        mvc.perform(asViewer(get("/api/tasks")).param("sort", "sideways").header("Accept-Language", "zh-CN"))
                .andExpect(jsonPath("$.detail").value("sort: 未知的排序 'sideways'；可用：createTime（索引支持的顺序），"
                        + "后面可加 ,asc 或 ,desc"));
        mvc.perform(get("/api/tasks").header("Accept-Language", "zh-CN"))
                .andExpect(status().isUnauthorized())
                .andExpect(jsonPath("$.detail", containsString("请先登录")));
        mvc.perform(asViewer(post("/api/tasks/" + id + "/retry")).header("Accept-Language", "zh-CN"))
                .andExpect(status().isForbidden())
                .andExpect(jsonPath("$.detail", containsString("OPERATOR 角色")));

        // no Accept-Language, or one the API does not speak: English
        for (String language : new String[] {null, "fr-FR", "en-GB"}) {
            var request = asOperator(post("/api/tasks/" + id + "/cancel"));
            mvc.perform(language == null ? request : request.header("Accept-Language", language))
                    .andExpect(jsonPath("$.title").value("Task is in the wrong status"))
                    .andExpect(jsonPath("$.detail").value("task " + id + " is already CANCELLED"));
        }
    }

    @Test
    void theOpenApiDocumentDescribesTheApi() throws Exception {
        mvc.perform(asViewer(get("/v3/api-docs")))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.paths['/api/tasks'].get.summary").value("List tasks"))
                .andExpect(jsonPath("$.paths['/api/tasks'].post.summary").value("Submit a task"))
                .andExpect(jsonPath("$.paths['/api/tasks/{id}/cancel'].post.responses['409']").exists())
                .andExpect(jsonPath("$.paths['/api/tasks/{id}/cancel'].post.parameters.length()").value(1))
                .andExpect(jsonPath("$.paths['/api/tasks/{id}/events'].get.responses['404']").exists())
                .andExpect(jsonPath("$.paths['/api/tasks/{id}/events'].get.parameters[1].schema.maximum").value(1000))
                .andExpect(jsonPath("$.components.schemas.TaskEvent.properties.type.enum.length()")
                        .value(TaskEventType.values().length))
                .andExpect(jsonPath("$.components.schemas.SubmitTask.properties.taskType.example").value("demo.export"))
                .andExpect(jsonPath("$.paths['/api/stats/timeline'].get.parameters[0].name").value("minutes"))
                .andExpect(jsonPath("$.paths['/api/stats/timeline'].get.parameters[0].schema.minimum").value(1))
                .andExpect(jsonPath("$.paths['/api/stats/timeline'].get.parameters[0].schema.maximum").value(60));
        mvc.perform(asViewer(get("/swagger-ui/index.html"))).andExpect(status().isOk());
    }
}
