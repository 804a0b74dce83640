package com.tudicloud.asynctask.admin.console.browser;

import com.tudicloud.asynctask.testing.browser.Chromium;
import com.tudicloud.asynctask.testing.browser.ConsolePage;
import com.tudicloud.asynctask.admin.TestLogins;
import com.tudicloud.asynctask.admin.AsyncTaskAdminApplication;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static com.tudicloud.asynctask.admin.console.browser.BrowserTestHandlers.BLOCK;
import static com.tudicloud.asynctask.admin.console.browser.BrowserTestHandlers.BLOCK_MESSAGE;
import static com.tudicloud.asynctask.admin.console.browser.BrowserTestHandlers.BLOCK_PROGRESS;
import static com.tudicloud.asynctask.admin.console.browser.BrowserTestHandlers.FAIL;
import static com.tudicloud.asynctask.admin.console.browser.BrowserTestHandlers.FAILURE;
import static com.tudicloud.asynctask.admin.console.browser.BrowserTestHandlers.FLAKY;
import static com.tudicloud.asynctask.admin.console.browser.BrowserTestHandlers.QUICK;
import static com.tudicloud.asynctask.admin.console.browser.BrowserTestHandlers.THROW;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The web console in a real headless Chromium, against the whole admin application on the real
 * database, with an embedded worker running the test's handlers: the operator's and the viewer's flows,
 * and in English and Chinese the login page, the overview's charts, the task detail with its history and cancelling with
 * the keyboard alone; the language switch; contrast and names of the controls.
 */
@SpringBootTest(classes = AsyncTaskAdminApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "async-task.worker.poll-interval=100ms",
                "async-task.worker.heartbeat-interval=300ms",
                "async-task.worker.lease-timeout=2s",
                "async-task.worker.recovery-interval=1s",
                "async-task.demo.enabled=false",
                // the demo's users go with the demo: the test's own, with the same names
                "async-task.admin.users[0].username=viewer", "async-task.admin.users[0].password=" + TestLogins.VIEWER_HASH,
                "async-task.admin.users[0].role=VIEWER", "async-task.admin.users[1].username=operator",
                "async-task.admin.users[1].password=" + TestLogins.OPERATOR_HASH, "async-task.admin.users[1].role=OPERATOR",
                "async-task.admin.queue-sample-interval=1s",
                "async-task.admin.redact-payload-fields=/card/number",
        })
@Import(BrowserTestHandlers.class)
class ConsoleBrowserIT {

    private static final Path SCREENSHOTS = Path.of("target");

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabase database = TestDatabase.get();
        registry.add("spring.datasource.url", database::jdbcUrl);
        registry.add("spring.datasource.username", database::username);
        registry.add("spring.datasource.password", database::password);
    }

    @LocalServerPort
    private int port;

    @Autowired
    private JsonMapper jsonMapper;

    private ConsoleApi api;
    private Chromium chromium;

    @BeforeEach
    void emptyTable() {
        TestDatabase.get().deleteAllTasks();
        api = new ConsoleApi(baseUrl(), jsonMapper);
    }

    @AfterEach
    void stopBrowser() throws IOException {
        if (chromium != null) {
            chromium.close();
        }
    }

    /** A browser whose user prefers this language. */
    private ConsolePage browser(String language) throws IOException {
        chromium = Chromium.start(language);
        return new ConsolePage(chromium.driver(), baseUrl());
    }

    @Test
    void anAnonymousVisitorEndsOnTheLoginPage() throws IOException {
        ConsolePage page = browser("en-US");
        WebDriver driver = page.driver();
        driver.get(baseUrl() + "/");

        assertThat(driver.getCurrentUrl()).isEqualTo(baseUrl() + "/login");
        page.waitUntil("the login page has loaded its modules", () -> "true".equals(page.bodyData("ready")));
        assertThat(driver.findElement(By.id("username")).isDisplayed()).isTrue();
        assertThat(driver.findElements(By.id("task-rows"))).isEmpty();
        page.screenshot(SCREENSHOTS.resolve("console-login.png"));

        // the login page's files are public, the console's others are not
        for (String file : List.of("/console/js/main.js", "/console/js/tasks/table.js", "/console/index.html")) {
            driver.get(baseUrl() + file);
            assertThat(driver.getCurrentUrl()).as(file).isEqualTo(baseUrl() + "/login");
        }
    }

    @Test
    void anOperatorFiltersTheTableOpensATaskAndCancelsTheRunningOne() throws Exception {
        long quick1 = api.submit(QUICK, "{\"n\": 1}", "alice", 0);
        long quick2 = api.submit(QUICK, "{\"n\": 2}", "alice", 0);
        long quick3 = api.submit(QUICK, "{\"n\": 3}", "bob", 5);
        long failed = api.submit(FAIL, "{\"html\": \"<b>not bold</b>\", \"rows\": [1, 2]}", "mallory", 0);
        long later = api.submit(QUICK, "{\"n\": 4}", "bob", 0, 600_000, 3);
        ConsolePage page = browser("en-US").logIn("operator", "operator");
        assertThat(page.text(By.id("user-role"))).isEqualToIgnoringCase("operator");

        // everything the page loaded came from this server: it works offline
        page.waitUntil("the first refresh round is done", () -> page.refreshes() >= 1);
        assertThat((List<?>) page.script("return performance.getEntriesByType('resource').map(e => e.name)"))
                .isNotEmpty().allSatisfy(url -> assertThat((String) url).startsWith(baseUrl() + "/"));

        // the blocking task is submitted through the console's own form; the API's refusal is shown first
        page.driver().findElement(By.id("new-task")).click();
        new Select(page.driver().findElement(By.id("submit-task-type"))).selectByValue(BLOCK);
        page.driver().findElement(By.id("submit-payload")).sendKeys("{\"note\": \"from the console\"}");
        page.driver().findElement(By.id("submit-owner")).sendKeys("carol");
        WebElement maxAttempts = page.driver().findElement(By.id("submit-max-attempts"));
        maxAttempts.clear();
        maxAttempts.sendKeys("0");
        page.driver().findElement(By.id("submit-send")).click();
        page.waitUntil("the refusal is shown in the form", () -> page.driver().findElement(By.id("submit-error"))
                .getText().startsWith("maxAttempts: "));
        maxAttempts.clear();
        maxAttempts.sendKeys("3");
        page.driver().findElement(By.id("submit-send")).click();
        page.waitUntil("the submitted task is announced", () -> page.notice().startsWith("Submitted task #"));
        assertThat(page.driver().findElement(By.id("submit-dialog")).isDisplayed()).isFalse();
        long blocking = Long.parseLong(page.notice().replaceAll("^Submitted task #(\\d+).*$", "$1"));

        page.waitForStatus(blocking, "RUNNING");
        page.waitUntil("the running task shows its progress", () -> (BLOCK_PROGRESS + "%").equals(
                page.row(blocking).findElement(By.cssSelector("[data-testid=progress-pct]")).getText())
                && BLOCK_MESSAGE.equals(page.row(blocking).findElement(By.cssSelector("[data-testid=progress-message]")).getText()));
        for (long id : List.of(quick1, quick2, quick3)) {
            page.waitForStatus(id, "SUCCESS");
        }
        page.waitForStatus(failed, "FAILED");
        page.waitForStatus(later, "SCHEDULED");   // due in ten minutes
        assertThat(page.rows()).extracting(ConsolePage.Row::id)
                .containsExactly(blocking, later, failed, quick3, quick2, quick1);   // newest first
        page.waitUntil("the header counts every status", () -> "3".equals(statCount(page, "SUCCESS"))
                && "1".equals(statCount(page, "RUNNING")) && "1".equals(statCount(page, "FAILED"))
                && "1".equals(statCount(page, "SCHEDULED")));
        page.waitUntil("the embedded worker is listed as live", () -> !page.driver()
                .findElements(By.cssSelector("#workers .worker-live")).isEmpty());
        page.screenshot(SCREENSHOTS.resolve("console-operator.png"));

        // status filter: only the running task, and it stays so across auto-refresh rounds
        page.toggleStatusFilter("RUNNING");
        page.waitUntil("only RUNNING tasks are listed", () -> ids(page).equals(Set.of(blocking)));
        page.waitForRefreshesAfter(page.refreshes(), 1);
        assertThat(page.rows()).extracting(ConsolePage.Row::status).containsExactly("RUNNING");
        assertThat(page.statusFilterChecked("RUNNING")).isTrue();

        // two statuses at once
        page.toggleStatusFilter("FAILED");
        page.waitUntil("RUNNING or FAILED tasks are listed", () -> ids(page).equals(Set.of(blocking, failed)));

        // task type filter
        page.clearFilters();
        page.filterTaskType(QUICK);
        page.waitUntil("only " + QUICK + " tasks are listed",
                () -> ids(page).equals(Set.of(quick1, quick2, quick3, later)));
        assertThat(page.rows()).extracting(ConsolePage.Row::type).containsOnly(QUICK);
        assertThat(page.text(By.id("page-info"))).isEqualTo("1–4 of 4 tasks");

        // the one order an index serves, the other way round: oldest first
        page.driver().findElement(By.id("sort-createTime")).click();
        page.waitUntil("oldest first", () -> page.rows().get(0).id() == quick1
                && page.driver().getCurrentUrl().contains("sort=createTime%2Casc"));

        page.clearFilters();
        page.waitUntil("all six tasks are listed again", () -> page.rows().size() == 6);
        assertThat(page.text(By.id("page-info"))).isEqualTo("1–6 of 6 tasks");

        // detail: the payload pretty-printed, the error as text, not markup
        page.openDetail(failed);
        WebElement detail = page.detail();
        assertThat(detail.findElement(By.cssSelector("[data-testid=last-error]")).getText()).isEqualTo(FAILURE);
        assertThat(detail.findElement(By.cssSelector("[data-testid=payload]")).getText())
                .isEqualTo("{\n  \"html\": \"<b>not bold</b>\",\n  \"rows\": [\n    1,\n    2\n  ]\n}");
        assertThat(detail.findElements(By.cssSelector("img, b"))).isEmpty();
        assertThat(page.bodyData("pwned")).isNull();
        assertThat(detail.findElement(By.cssSelector("[data-testid=attempts]")).getText()).isEqualTo("1 of 3");
        assertThat(detail.findElements(By.cssSelector("[data-testid=retry]"))).hasSize(1);
        assertThat(detail.findElements(By.cssSelector("[data-testid=cancel]"))).isEmpty();
        page.closeDetail();

        // the running task's detail shows its lease, and stays open across refreshes
        page.openDetail(blocking);
        page.waitUntil("the lease is shown", () -> page.detail().findElement(By.cssSelector("[data-testid=lease-owner]"))
                .getText().contains(":") && "1".equals(page.detail().findElement(By.cssSelector("[data-testid=lease-token]")).getText()));
        page.waitForRefreshesAfter(page.refreshes(), 1);
        assertThat(page.detail().isDisplayed()).isTrue();
        assertThat(page.detail().findElement(By.cssSelector("[data-testid=payload]")).getText())
                .isEqualTo("{\n  \"note\": \"from the console\"\n}");
        page.screenshot(SCREENSHOTS.resolve("console-detail.png"));
        page.closeDetail();

        // cancel the running task: confirm first, dismissing changes nothing
        page.cancel(blocking, false);
        page.waitForRefreshesAfter(page.refreshes(), 1);
        assertThat(page.shownStatus(blocking)).isEqualTo("RUNNING");
        assertThat(api.task(blocking).get("status").asString()).isEqualTo("RUNNING");
        page.cancel(blocking, true);
        page.waitForStatus(blocking, "CANCELLED");
        assertThat(api.task(blocking).get("status").asString()).isEqualTo("CANCELLED");

        // a cancel the server refuses shows its problem detail
        page.setAutoRefresh(false);
        api.post("/api/tasks/" + later + "/cancel");
        assertThat(page.shownStatus(later)).isEqualTo("SCHEDULED");   // the paused page does not know yet
        page.cancel(later, true);
        page.waitUntil("the refusal is shown", () -> "error".equals(page.noticeKind())
                && page.notice().contains("Could not cancel task #" + later + ": task " + later + " is already CANCELLED"));
        page.waitForStatus(later, "CANCELLED");   // the page reloads after any action, paused or not

        // retry the failed task from its row
        page.setAutoRefresh(true);
        page.row(failed).findElement(By.cssSelector("[data-testid=retry]")).click();
        page.answerConfirmation(true);
        page.waitUntil("the retry is announced", () -> page.notice().equals("Task #" + failed + " queued again."));
        page.waitUntil("the retried task ran again (a second claim) and failed again", () -> {
            JsonNode task = api.task(failed);
            return task.get("leaseToken").asLong() == 2 && "FAILED".equals(task.get("status").asString());
        });
        page.waitForStatus(failed, "FAILED");

        // log out: back to the login page, and the console needs a login again
        page.driver().findElement(By.id("logout")).click();
        page.waitUntil("the login page is shown", () -> page.driver().getCurrentUrl().equals(baseUrl() + "/login?logout"));
        page.driver().get(baseUrl() + "/");
        assertThat(page.driver().getCurrentUrl()).isEqualTo(baseUrl() + "/login");
    }

    @Test
    void anOperatorCreatesPausesAndTriggersASchedule() throws Exception {
        JdbcTemplate jdbc = new JdbcTemplate(TestDatabase.get().dataSource());
        jdbc.update("DELETE FROM system_async_task_schedule");
        ConsolePage page = browser("en-US").logIn("operator", "operator");
        WebDriver driver = page.driver();

        driver.findElement(By.id("new-schedule")).click();
        driver.findElement(By.id("schedule-name")).sendKeys("hourly-quick");
        driver.findElement(By.id("schedule-expression")).clear();
        driver.findElement(By.id("schedule-expression")).sendKeys("0 0 * * * *");
        driver.findElement(By.id("schedule-zone")).clear();
        driver.findElement(By.id("schedule-zone")).sendKeys("Asia/Shanghai");
        new Select(driver.findElement(By.id("schedule-task-type"))).selectByValue(QUICK);
        driver.findElement(By.id("schedule-send")).click();

        By row = By.cssSelector("tr[data-schedule='hourly-quick']");
        page.waitUntil("the new schedule is listed", () -> !driver.findElements(row).isEmpty());
        assertThat(page.notice()).contains("Created schedule hourly-quick");
        WebElement listed = driver.findElement(row);
        assertThat(listed.getText()).contains("every hour").contains("Asia/Shanghai").contains(QUICK).contains("active");

        driver.findElement(row).findElement(By.cssSelector("[data-testid='schedule-pause']")).click();
        page.waitUntil("the schedule shows paused", () -> "true".equals(driver.findElement(row).getDomAttribute("data-paused")));
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task_schedule WHERE paused_at IS NOT NULL",
                Long.class)).isEqualTo(1);

        driver.findElement(row).findElement(By.cssSelector("[data-testid='schedule-trigger']")).click();
        page.waitUntil("the trigger is confirmed", () -> page.notice().contains("submitted task #"));
        long taskId = Long.parseLong(page.notice().replaceAll(".*#(\\d+).*", "$1"));
        page.waitForStatus(taskId, "SUCCESS");
        page.waitUntil("the schedule shows its last task's status",
                () -> driver.findElement(row).findElements(By.cssSelector("[data-status='SUCCESS']")).size() == 1);
        assertThat(driver.findElement(row).getDomAttribute("data-paused")).as("triggering leaves it paused").isEqualTo("true");

        // a bad expression is refused by the API, which names the field in the form
        driver.findElement(By.id("new-schedule")).click();
        driver.findElement(By.id("schedule-name")).sendKeys("broken");
        driver.findElement(By.id("schedule-expression")).clear();
        driver.findElement(By.id("schedule-expression")).sendKeys("0 0 25 * * *");
        driver.findElement(By.id("schedule-send")).click();
        page.waitUntil("the form shows the problem", () -> driver.findElement(By.id("schedule-error")).isDisplayed());
        assertThat(page.text(By.id("schedule-error"))).contains("expression");
        page.screenshot(SCREENSHOTS.resolve("console-schedules.png"));
    }

    /** Children that wait ten minutes: the batch stays OPEN, and nothing of it runs. */
    private static final String WAITING_BATCH = """
            {"children": [{"taskType": "%1$s", "delayMs": 600000}, {"taskType": "%1$s", "delayMs": 600000}],
             "onComplete": {"taskType": "%1$s"}}
            """.formatted(QUICK);

    @Test
    void anOperatorFollowsABatchToItsChildrenAndBackAndCancelsAnOpenOne() throws Exception {
        long done = api.submitBatch("""
                {"children": [{"taskType": "%1$s"}, {"taskType": "%1$s"}, {"taskType": "%1$s"}],
                 "onSuccess": {"taskType": "%1$s"}, "onComplete": {"taskType": "%1$s"}}
                """.formatted(QUICK));
        long open = api.submitBatch(WAITING_BATCH);
        List<Long> children = new ArrayList<>();
        api.get("/api/tasks?batchId=" + done).get("items").forEach(task -> children.add(task.get("id").asLong()));
        ConsolePage page = browser("en-US").logIn("operator", "operator");

        // newest first: the open batch above the one that ended
        page.waitForBatchState(done, "SUCCEEDED");
        page.waitUntil("the open batch is listed first", () -> page.driver().findElements(By.cssSelector("#batch-rows tr"))
                .get(0).getDomAttribute("data-batch-id").equals(String.valueOf(open)));
        WebElement ended = page.batchRow(done);
        assertThat(ended.findElement(By.cssSelector("[data-testid=progress-message]")).getText()).isEqualTo("3 of 3 done");
        assertThat(ended.findElement(By.cssSelector("[data-testid=batch-count][data-status=SUCCESS]")).getDomProperty("textContent"))
                .endsWith(" 3");
        WebElement waiting = page.batchRow(open);
        assertThat(page.shownBatchState(open)).isEqualTo("OPEN");
        assertThat(waiting.findElement(By.cssSelector("[data-testid=progress-message]")).getText()).isEqualTo("0 of 2 done");
        assertThat(waiting.findElement(By.cssSelector("[data-testid=batch-count][data-status=SCHEDULED]"))
                .getDomProperty("textContent")).endsWith(" 2");
        new Select(page.driver().findElement(By.id("batches-state"))).selectByValue("SUCCEEDED");
        page.waitUntil("the state filter leaves the ended batch only", () -> page.shownBatchState(open) == null
                && "SUCCEEDED".equals(page.shownBatchState(done)));
        new Select(page.driver().findElement(By.id("batches-state"))).selectByValue("");
        page.waitForBatchState(open, "OPEN");

        // the ended batch: its callbacks with their tasks, its children newest first, no cancel
        page.openBatch(done);
        WebElement detail = page.batchDetail();
        assertThat(detail.findElements(By.cssSelector("[data-testid=batch-callback]")).stream()
                .map(callback -> callback.getDomAttribute("data-end")).toList()).containsExactly("SUCCESS", "COMPLETE");
        assertThat(detail.findElements(By.cssSelector("[data-testid=callback-task]"))).hasSize(2);
        List<Long> newestFirst = new ArrayList<>(children);
        newestFirst.sort(Collections.reverseOrder());
        assertThat(page.shownChildren()).isEqualTo(newestFirst);
        assertThat(detail.findElement(By.cssSelector("[data-testid=batch-children-info]")).getText()).isEqualTo("1–3 of 3 tasks");
        assertThat(detail.findElements(By.cssSelector("[data-testid=cancel-batch]"))).isEmpty();

        // a child's detail, and back to its batch through the task's link
        long child = newestFirst.get(1);
        detail.findElement(By.cssSelector("[data-testid=open-child][data-task-id='" + child + "']")).click();
        page.waitUntil("the child's detail is open", () -> page.detail().isDisplayed()
                && String.valueOf(child).equals(page.detail().getDomAttribute("data-task-id"))
                && !page.batchDetail().isDisplayed());
        WebElement batchLink = page.detail().findElement(By.cssSelector("[data-testid=batch-link]"));
        assertThat(batchLink.getText()).isEqualTo("Batch #" + done);
        batchLink.click();
        page.waitForBatchDetail(done);
        assertThat(page.detail().isDisplayed()).isFalse();
        page.screenshot(SCREENSHOTS.resolve("console-batch.png"));
        page.driver().findElement(By.id("batch-detail-close")).click();

        // the open batch: cancelled after the confirmation, every waiting child with it
        page.openBatch(open);
        page.batchDetail().findElement(By.cssSelector("[data-testid=cancel-batch]")).click();
        page.answerConfirmation(true);
        page.waitUntil("the batch detail shows it cancelled", () -> "CANCELLED".equals(page.batchDetail().getDomAttribute("data-state")));
        assertThat(page.notice()).isEqualTo("Batch #" + open + " is cancelled.");
        assertThat(page.batchDetail().findElements(By.cssSelector("[data-testid=cancel-batch]"))).isEmpty();
        assertThat(page.batchDetail().findElement(By.cssSelector("[data-testid=batch-count][data-status=CANCELLED]"))
                .getDomProperty("textContent")).endsWith(" 2");
        page.driver().findElement(By.id("batch-detail-close")).click();
        page.waitForBatchState(open, "CANCELLED");
        assertThat(api.get("/api/batches/" + open).get("state").asText()).isEqualTo("CANCELLED");
    }

    @Test
    void aWaitingTaskShowsWhatItWaitsForAndItsDependencyShowsItBothLinked() throws Exception {
        long first = api.submit(QUICK, "{}", "alice", 0, 600_000, 3);
        long waiting = api.submitBody("{\"taskType\": \"%s\", \"after\": [%d]}".formatted(QUICK, first));
        ConsolePage page = browser("en-US").logIn("viewer", "viewer");

        page.waitForStatus(waiting, "WAITING");
        page.openDetail(waiting);
        page.waitUntil("the dependencies section is shown", () -> !page.detail()
                .findElements(By.cssSelector("[data-testid=detail-dependencies]:not([hidden]) [data-testid=depends-on]")).isEmpty());
        WebElement dependsOn = page.detail().findElement(By.cssSelector("[data-testid=depends-on]"));
        assertThat(dependsOn.findElement(By.tagName("h4")).getText()).isEqualTo("Waits for (1)");
        assertThat(dependsOn.findElements(By.cssSelector("[data-testid=dependents]"))).isEmpty();
        WebElement link = dependsOn.findElement(By.cssSelector("[data-testid=linked-task] button"));
        assertThat(link.getText()).isEqualTo("#" + first);
        link.click();
        page.waitUntil("the dependency's detail is open", () -> String.valueOf(first).equals(page.detail().getDomAttribute("data-task-id")));
        page.waitUntil("it lists the waiting task", () -> !page.detail()
                .findElements(By.cssSelector("[data-testid=detail-dependencies]:not([hidden]) [data-testid=dependents]")).isEmpty());
        WebElement dependents = page.detail().findElement(By.cssSelector("[data-testid=dependents]"));
        assertThat(dependents.findElement(By.tagName("h4")).getText()).isEqualTo("Waited for by (1)");
        assertThat(dependents.findElement(By.cssSelector("[data-testid=linked-task]")).getText())
                .contains("#" + waiting).contains("WAITING");
    }

    @Test
    void aViewerSeesABatchButNoCancel() throws Exception {
        long open = api.submitBatch(WAITING_BATCH);
        ConsolePage page = browser("en-US").logIn("viewer", "viewer");

        page.waitForBatchState(open, "OPEN");
        page.openBatch(open);

        assertThat(page.shownChildren()).hasSize(2);
        assertThat(page.batchDetail().findElements(By.cssSelector("[data-testid=cancel-batch]"))).isEmpty();
        assertThat(page.shownBatchState(open)).isEqualTo("OPEN");
    }

    @Test
    void aViewerPagesThroughTasksButCannotCancelRetryOrSubmit() throws Exception {
        long failed = api.submit(FAIL, "{}", "alice", 0);
        List<Long> queued = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
            queued.add(api.submit(QUICK, "{\"n\": " + i + "}", "alice", 0, 600_000, 3));
        }
        ConsolePage page = browser("en-US").logIn("viewer", "viewer");
        assertThat(page.text(By.id("user-role"))).isEqualToIgnoringCase("viewer");

        // 12 tasks, 10 per page, newest first
        List<Long> newestFirst = new ArrayList<>(queued);
        Collections.reverse(newestFirst);
        new Select(page.driver().findElement(By.id("page-size"))).selectByValue("10");
        page.waitUntil("the first page holds the ten newest", () -> page.rows().stream().map(ConsolePage.Row::id)
                .toList().equals(newestFirst.subList(0, 10)));
        assertThat(page.text(By.id("page-info"))).isEqualTo("1–10 of 12 tasks");
        assertThat(page.driver().findElement(By.id("page-prev")).isEnabled()).isFalse();
        page.driver().findElement(By.id("page-next")).click();
        page.waitUntil("the second page holds the two oldest", () -> page.rows().stream().map(ConsolePage.Row::id)
                .toList().equals(List.of(queued.get(0), failed)));
        assertThat(page.text(By.id("page-info"))).isEqualTo("11–12 of 12 tasks");
        assertThat(page.driver().findElement(By.id("page-next")).isEnabled()).isFalse();
        page.waitForStatus(failed, "FAILED");
        page.waitForStatus(queued.get(0), "SCHEDULED");
        // the page survives a reload: it is kept in the URL
        page.driver().navigate().refresh();
        page.waitUntil("the reloaded console is on page 2 again", () -> "Page 2 of 2".equals(page.text(By.id("page-number")))
                && page.rows().size() == 2);

        assertThat(page.driver().findElements(By.cssSelector("[data-testid=cancel], [data-testid=retry]"))).isEmpty();
        assertThat(page.driver().findElement(By.id("new-task")).isDisplayed()).isFalse();
        page.openDetail(failed);
        assertThat(page.detail().findElement(By.cssSelector("[data-testid=last-error]")).getText()).isEqualTo(FAILURE);
        assertThat(page.detail().findElements(By.cssSelector("[data-testid=cancel], [data-testid=retry]"))).isEmpty();
        page.screenshot(SCREENSHOTS.resolve("console-viewer.png"));

        // the session ends behind the page's back: the next API call's 401 sends the browser to the login page
        page.driver().manage().deleteCookieNamed("JSESSIONID");
        page.waitUntil("the login page is shown", () -> page.driver().getCurrentUrl().equals(baseUrl() + "/login"));
    }

    @Test
    void anOperatorPausesATaskTypeItsNewTasksWaitAndTheResumeRunsThem() throws Exception {
        ConsolePage page = browser("en-US").logIn("operator", "operator");
        By quickRow = By.cssSelector("#type-rows tr[data-task-type='" + QUICK + "']");
        page.waitUntil("the task types are listed", () -> !page.driver().findElements(quickRow).isEmpty());

        // asked first: keeping it running changes nothing
        page.driver().findElement(quickRow).findElement(By.cssSelector("[data-testid=pause-type]")).click();
        assertThat(page.text(By.id("confirm-title"))).isEqualTo("Pause " + QUICK + "?");
        page.answerConfirmation(false);
        assertThat(page.driver().findElement(quickRow).getDomAttribute("data-paused")).isEqualTo("false");

        page.driver().findElement(quickRow).findElement(By.cssSelector("[data-testid=pause-type]")).click();
        page.answerConfirmation(true);
        page.waitUntil("the type shows paused by the operator", () -> "true".equals(
                page.driver().findElement(quickRow).getDomAttribute("data-paused"))
                && page.driver().findElement(quickRow).findElement(By.cssSelector("[data-testid=type-state]"))
                .getText().startsWith("paused by operator"));
        assertThat(page.notice()).isEqualTo(QUICK + " paused: workers no longer claim it.");

        // submits are still taken, and wait: many poll intervals (100 ms) pass
        long waiting = api.submit(QUICK, "{\"n\": 1}", "alice", 0);
        page.waitForStatus(waiting, "QUEUED");
        page.waitForRefreshesAfter(page.refreshes(), 3);
        assertThat(api.task(waiting).get("status").asString()).isEqualTo("QUEUED");
        page.waitUntil("the type's waiting task is counted", () -> "1".equals(page.driver().findElement(quickRow)
                .findElement(By.cssSelector("[data-testid=type-waiting]")).getText()));
        page.screenshot(SCREENSHOTS.resolve("console-types.png"));

        page.driver().findElement(quickRow).findElement(By.cssSelector("[data-testid=resume-type]")).click();
        page.answerConfirmation(true);
        page.waitForStatus(waiting, "SUCCESS");
        assertThat(page.driver().findElement(quickRow).getDomAttribute("data-paused")).isEqualTo("false");
    }

    @Test
    void aBulkRetryConfirmsTheDryRunsCountAndRetriesEveryMatchingTaskNotOnlyThePageShown() throws Exception {
        List<Long> failed = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            failed.add(api.submit(FAIL, "{}", "bulk", 0));
        }
        ConsolePage page = browser("en-US").logIn("operator", "operator");
        page.waitUntil("all 25 have failed", () -> api.get("/api/tasks?status=FAILED&size=1").get("total").asLong() == 25);
        api.post("/api/task-types/" + FAIL + "/pause");   // the retried tasks then wait, where the test can see them

        page.toggleStatusFilter("FAILED");
        page.filterTaskType(FAIL);
        page.waitUntil("the filtered first page of 20", () -> page.rows().size() == 20);
        page.waitUntil("the bar offers all 25", () -> page.driver().findElement(By.id("bulk")).isDisplayed()
                && page.text(By.id("bulk-text")).equals("All 25 tasks matching these filters:"));
        assertThat(page.driver().findElement(By.id("bulk-cancel")).isEnabled()).as("FAILED tasks cannot be cancelled").isFalse();

        page.driver().findElement(By.id("bulk-retry")).click();
        page.waitUntil("the confirmation names the dry run's count", page::confirmationOpen);
        assertThat(page.text(By.id("confirm-title"))).isEqualTo("Retry 25 tasks?");
        assertThat(page.text(By.id("confirm-yes"))).isEqualTo("Retry 25 tasks");
        page.answerConfirmation(false);
        assertThat(api.get("/api/tasks?status=FAILED&size=1").get("total").asLong()).isEqualTo(25);

        page.driver().findElement(By.id("bulk-retry")).click();
        page.answerConfirmation(true);
        page.waitUntil("the retry is announced", () -> page.notice().equals("25 tasks queued again."));
        for (long id : failed) {
            assertThat(api.task(id).get("status").asString()).as("task %d", id).isEqualTo("QUEUED");
        }
        page.waitUntil("nothing FAILED is listed any more", () -> page.rows().isEmpty());
        api.post("/api/task-types/" + FAIL + "/resume");
    }

    // ------------------------------------------------------------------ both languages

    /** A few strings each language must show, from its message bundle and from the server's problems. */
    record Texts(String browser, String lang, String queueHeading, String badPassword,
                 String loggedOut, String chartTitle, String maskedNote, String stackTrace, String cancelRequested,
                 String alreadyCancelled, String attemptHeading, String retryScheduled, String fromTaskRow) {

        String attempt(int n) {
            return attemptHeading.replace("{n}", String.valueOf(n));
        }

        @Override
        public String toString() {
            return browser;
        }
    }

    static Stream<Texts> languages() {
        return Stream.of(
                new Texts("en-US", "en", "Queue", "Wrong user name or password.", "You have been logged out.",
                        "Tasks finished per minute by outcome, last hour",
                        "Masked for everyone by the server's settings: /card/number", "Stack trace (",
                        "Cancel requested for task #", "is already CANCELLED", "Attempt {n}", "failed, retry scheduled",
                        "from the task row"),
                new Texts("zh-CN", "zh-CN", "队列", "用户名或密码错误。", "您已退出登录。",
                        "最近一小时每分钟完成的任务（按结果）", "根据服务器设置对所有人隐藏：/card/number", "堆栈（",
                        "已请求取消任务 #", "已经是 CANCELLED 状态", "第 {n} 次尝试", "失败，已安排重试", "取自任务行"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("languages")
    void theLoginPageSpeaksTheBrowsersLanguageRefusesABadPasswordAndSaysGoodbye(Texts texts) throws IOException {
        ConsolePage page = browser(texts.browser());
        page.driver().get(baseUrl() + "/login");
        assertThat(page.driver().findElement(By.tagName("html")).getDomAttribute("lang")).isEqualTo(texts.lang());

        page.submitLogin("operator", "not the password");
        page.waitUntil("the bad password is refused", () -> texts.badPassword().equals(page.text(By.id("login-message"))));
        assertThat(page.driver().getCurrentUrl()).isEqualTo(baseUrl() + "/login");
        assertThat(page.driver().findElement(By.id("password")).getDomProperty("value")).isEmpty();
        page.screenshot(SCREENSHOTS.resolve("console-login-refused-" + texts.lang() + ".png"));

        page.submitLogin("operator", "operator");
        page.waitUntil("the console is shown", () -> page.driver().getCurrentUrl().equals(baseUrl() + "/")
                && "true".equals(page.bodyData("ready")) && "operator".equals(page.text(By.id("user-name"))));
        assertThat(page.text(By.cssSelector(".stats-card h2"))).isEqualTo(texts.queueHeading());

        page.driver().findElement(By.id("logout")).click();
        page.waitUntil("the login page says goodbye", () -> page.driver().getCurrentUrl().equals(baseUrl() + "/login?logout")
                && texts.loggedOut().equals(page.text(By.id("login-message"))));
        page.driver().get(baseUrl() + "/");
        assertThat(page.driver().getCurrentUrl()).isEqualTo(baseUrl() + "/login");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("languages")
    void theOverviewChartsTheFinishedTasksAndTheQueueOfTheLastHour(Texts texts) throws IOException {
        for (int i = 0; i < 5; i++) {
            api.submit(QUICK, "{}", "alice", 0);
        }
        api.submit(FAIL, "{}", "bob", 0);
        api.submit(FAIL, "{}", "bob", 0);
        api.submit(QUICK, "{}", "carol", 0, 600_000, 3);

        ConsolePage page = browser(texts.browser()).logIn("viewer", "viewer");

        page.waitUntil("the chart counts the seven finished tasks", () -> chartTotal(page) == 7);
        WebElement chart = page.driver().findElement(By.cssSelector("[data-testid=chart-finished]"));
        assertThat(chart.findElements(By.cssSelector("[data-testid=minute]"))).hasSize(60);
        assertThat(chart.findElements(By.cssSelector("rect[data-series=success]"))).isNotEmpty();
        assertThat(chart.findElements(By.cssSelector("rect[data-series=failed]"))).isNotEmpty();
        assertThat(page.script("return document.querySelector('[data-testid=chart-finished] > title').textContent"))
                .isEqualTo(texts.chartTitle());
        assertThat(page.text(By.cssSelector("[data-testid=total-success]"))).isEqualTo("5");
        assertThat(page.text(By.cssSelector("[data-testid=total-failed]"))).isEqualTo("2");
        JsonNode timeline = api.get("/api/stats/timeline?minutes=60");
        long success = 0;
        for (JsonNode minute : timeline.get("finished")) {
            success += minute.get("success").asLong();
        }
        assertThat(success).as("the API's count").isEqualTo(5);

        // the admin samples the queue every second here: the line grows, and shows the task not due yet as not due
        page.waitUntil("the queue line has several samples", () -> queuePoints(page) >= 3);
        // a sample taken before the workers claimed the submitted tasks may still count them: wait for the
        // first one after, in which only the task ten minutes away is left, and it is not due
        page.waitUntil("the latest sample counts nothing due", () -> "0".equals(page.text(By.cssSelector("[data-testid=now-due]"))));
        page.screenshot(SCREENSHOTS.resolve("console-overview-" + texts.lang() + ".png"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("languages")
    /** Failures only are recorded (the default): the row tells the claim and success of the last attempt. */
    void theTimelineShowsEachAttemptOfATaskThatFailedTwiceThenSucceeded(Texts texts) throws IOException {
        long flaky = api.submit(FLAKY, "{}", "carol", 0, 0, 3);

        ConsolePage page = browser(texts.browser()).logIn("viewer", "viewer");
        page.waitForStatus(flaky, "SUCCESS");
        page.openDetail(flaky);
        page.waitUntil("the timeline shows three attempts", () -> attempts(page).size() == 3);

        List<WebElement> attempts = attempts(page);
        assertThat(attempts).extracting(attempt -> attempt.getDomAttribute("data-outcome"))
                .containsExactly("RETRY_SCHEDULED", "RETRY_SCHEDULED", "SUCCEEDED");
        for (int i = 0; i < 3; i++) {
            WebElement attempt = attempts.get(i);
            assertThat(attempt.findElement(By.tagName("strong")).getText()).isEqualTo(texts.attempt(i + 1));
            assertThat(field(attempt, "attempt-worker")).as("worker").contains(":");
            assertThat(field(attempt, "attempt-start")).as("start").matches(".*\\d\\d:\\d\\d:\\d\\d.*");
            assertThat(field(attempt, "attempt-end")).as("end").matches(".*\\d\\d:\\d\\d:\\d\\d.*");
            assertThat(field(attempt, "attempt-duration")).as("duration").matches(".*\\d.*");
        }
        assertThat(field(attempts.get(0), "attempt-outcome")).isEqualTo(texts.retryScheduled());
        assertThat(field(attempts.get(0), "attempt-error")).isEqualTo(BrowserTestHandlers.flakyError(1));
        assertThat(field(attempts.get(1), "attempt-error")).isEqualTo(BrowserTestHandlers.flakyError(2));
        assertThat(attempts.get(0).findElement(By.cssSelector("[data-testid=attempt-delay]")).getText()).matches(".*\\d.*");
        assertThat(attempts.get(2).findElements(By.cssSelector("[data-testid=attempt-error]"))).isEmpty();
        assertThat(attempts.subList(0, 2)).allSatisfy(recorded ->
                assertThat(recorded.findElements(By.cssSelector("[data-testid=attempt-from-task-row]"))).isEmpty());
        assertThat(field(attempts.get(2), "attempt-from-task-row")).isEqualTo(texts.fromTaskRow());
        assertThat(page.detail().findElements(By.cssSelector("[data-testid=detail-timeline] img"))).isEmpty();
        page.screenshot(SCREENSHOTS.resolve("console-timeline-" + texts.lang() + ".png"));
    }

    private static List<WebElement> attempts(ConsolePage page) {
        return page.detail().findElements(By.cssSelector("[data-testid=detail-timeline] [data-testid=attempt]"));
    }

    private static String field(WebElement attempt, String testid) {
        return attempt.findElement(By.cssSelector("[data-testid=" + testid + "]")).getText();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("languages")
    void theTaskDetailFoldsLongPartsAndMasksRedactedFields(Texts texts) throws IOException {
        String secret = "4111 1111 1111 1111";
        String rows = IntStream.range(0, 60).mapToObj(String::valueOf).collect(Collectors.joining(", "));
        long quick = api.submit(QUICK, "{}", "bob", 0);
        long crashed = api.submit(THROW, "{\"card\": {\"number\": \"" + secret + "\", \"holder\": \"Ada\"}, \"rows\": ["
                + rows + "]}", "alice", 0, 0, 1);

        ConsolePage page = browser(texts.browser()).logIn("operator", "operator");
        page.waitForStatus(crashed, "FAILED");
        page.openDetail(crashed);
        WebElement detail = page.detail();

        // the error's first line, its stack trace folded under it
        assertThat(detail.findElement(By.cssSelector("[data-testid=last-error]")).getText())
                .isEqualTo("java.lang.IllegalStateException: the report service answered 503");
        WebElement trace = detail.findElement(By.cssSelector("[data-testid=stack-trace]"));
        assertThat(trace.getDomProperty("open")).isEqualTo("false");
        assertThat(trace.findElement(By.tagName("summary")).getText()).startsWith(texts.stackTrace());
        trace.findElement(By.tagName("summary")).click();
        assertThat(trace.findElement(By.tagName("pre")).getText()).contains("at com.tudicloud.asynctask");

        // the payload, folded because it is long, with the masked field marked; the secret is nowhere in the page
        WebElement fold = detail.findElement(By.cssSelector("[data-testid=payload-fold]"));
        assertThat(fold.getDomProperty("open")).isEqualTo("false");
        fold.findElement(By.tagName("summary")).click();
        assertThat(detail.findElement(By.cssSelector("[data-testid=redacted]")).getText()).isEqualTo("\"[redacted]\"");
        assertThat(detail.findElement(By.cssSelector("[data-testid=redacted-fields]")).getText()).isEqualTo(texts.maskedNote());
        assertThat(page.driver().getPageSource()).doesNotContain(secret).contains("Ada");
        assertThat(TestDatabase.get().dataSource()).satisfies(dataSource -> assertThat(new JdbcTemplate(dataSource)
                .queryForObject("SELECT payload FROM system_async_task WHERE id = ?", String.class, crashed))
                .as("stored as submitted").contains(secret));

        for (String timing : List.of("create-time", "started-at", "ran", "finished-at")) {
            assertThat(detail.findElement(By.cssSelector("[data-testid=" + timing + "]")).getText()).as(timing).isNotEqualTo("—");
        }
        // the policy its type declares
        assertThat(detail.findElement(By.cssSelector("[data-testid=policy-non-retryable]")).getText())
                .isEqualTo("java.lang.IllegalArgumentException");
        assertThat(detail.findElement(By.cssSelector("[data-testid=policy-concurrency-limit]")).getText()).isEqualTo("7");
        assertThat(detail.findElement(By.cssSelector("[data-testid=policy-max-attempts]")).getText()).isEqualTo("3");
        // what the user unfolded stays unfolded while the page refreshes
        page.waitForRefreshesAfter(page.refreshes(), 2);
        assertThat(fold.getDomProperty("open")).isEqualTo("true");
        assertThat(trace.getDomProperty("open")).isEqualTo("true");
        page.screenshot(SCREENSHOTS.resolve("console-detail-" + texts.lang() + ".png"));
        page.closeDetail();

        // a task that ran once: when it was queued and due, how long it waited once due, how long it ran
        page.waitForStatus(quick, "SUCCESS");
        page.openDetail(quick);
        for (String timing : List.of("create-time", "available-at", "waited", "started-at", "ran", "finished-at")) {
            assertThat(page.detail().findElement(By.cssSelector("[data-testid=" + timing + "]")).getText()).as(timing)
                    .isNotEqualTo("—");
        }
        assertThat(page.detail().findElement(By.cssSelector("[data-testid=artifact]")).getText()).isEqualTo("quick-" + quick + ".txt");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("languages")
    void anOperatorCancelsWithTheKeyboardAlone(Texts texts) throws IOException {
        long blocking = api.submit(BLOCK, "{}", "alice", 0);
        ConsolePage page = browser(texts.browser()).logIn("operator", "operator");
        page.waitForStatus(blocking, "RUNNING");

        // from the top of the page, Tab reaches the running task's Cancel button
        page.script("document.activeElement.blur(); window.scrollTo(0, 0);");
        page.tabUntil("the Cancel button of task " + blocking, () -> focusedCancelOf(page, blocking), 80);
        page.press(Keys.ENTER);
        page.waitUntil("the confirmation is open", page::confirmationOpen);
        assertThat(page.focused()).as("the harmless answer has the focus").isEqualTo("confirm-no");
        assertThat(page.text(By.id("confirm-title"))).contains("#" + blocking);

        // Escape keeps the task running, and gives the focus back to the button
        page.press(Keys.ESCAPE);
        page.waitUntil("the confirmation is closed", () -> !page.confirmationOpen());
        assertThat(api.task(blocking).get("status").asString()).isEqualTo("RUNNING");
        assertThat(focusedCancelOf(page, blocking)).as("focus back on the Cancel button").isTrue();

        // Enter, Tab to the confirming button, Enter
        page.press(Keys.ENTER);
        page.waitUntil("the confirmation is open again", page::confirmationOpen);
        page.press(Keys.TAB);
        assertThat(page.focused()).isEqualTo("confirm-yes");
        page.press(Keys.ENTER);
        page.waitUntil("the cancel is announced", () -> page.notice().startsWith(texts.cancelRequested() + blocking));
        page.waitForStatus(blocking, "CANCELLED");

        // a cancel the server refuses: its problem detail, in the page's language
        page.setAutoRefresh(false);
        long later = api.submit(QUICK, "{}", "bob", 0, 600_000, 3);
        page.setAutoRefresh(true);
        page.waitForStatus(later, "SCHEDULED");
        page.setAutoRefresh(false);
        api.post("/api/tasks/" + later + "/cancel");
        page.script("document.activeElement.blur(); window.scrollTo(0, 0);");
        page.tabUntil("the Cancel button of task " + later, () -> focusedCancelOf(page, later), 80);
        page.press(Keys.ENTER);
        page.waitUntil("the confirmation is open", page::confirmationOpen);
        page.press(Keys.TAB);
        page.press(Keys.ENTER);
        page.waitUntil("the refusal is shown", () -> "error".equals(page.noticeKind())
                && page.notice().contains("#" + later) && page.notice().contains(texts.alreadyCancelled()));
    }

    @Test
    void theLanguageSwitchTranslatesTheConsoleAndTheLoginPageAndIsRemembered() throws IOException {
        long queued = api.submit(QUICK, "{}", "alice", 0, 600_000, 3);
        ConsolePage page = browser("en-US").logIn("operator", "operator");
        page.waitForStatus(queued, "SCHEDULED");
        assertThat(page.row(queued).findElement(By.cssSelector("[data-testid=status]")).getText()).isEqualTo("SCHEDULED");
        assertThat(page.text(By.id("page-info"))).isEqualTo("1–1 of 1 task");

        new Select(page.driver().findElement(By.id("language"))).selectByValue("zh-CN");
        page.waitUntil("the console speaks Chinese", () -> "true".equals(page.bodyData("ready"))
                && "队列".equals(page.text(By.cssSelector(".stats-card h2"))));
        page.waitUntil("the row is in Chinese", () -> "待到期".equals(page.text(By.cssSelector(
                "#task-rows tr[data-task-id='" + queued + "'] [data-testid=status]"))));
        assertThat(page.text(By.id("page-info"))).isEqualTo("第 1–1 个，共 1 个任务");
        assertThat(page.driver().getTitle()).isEqualTo("tudicloud 异步任务");
        // times in the browser's zone, the server's zone in their tooltip
        String zone = api.get("/api/me").get("serverTimeZone").asString();
        assertThat(page.row(queued).findElement(By.cssSelector("td[data-col=created] time")).getDomAttribute("title"))
                .startsWith("本地时间：").contains("服务器时间：").endsWith("(" + zone + ")");
        assertThat(page.driver().findElement(By.tagName("html")).getDomAttribute("lang")).isEqualTo("zh-CN");

        // the server's problems follow: a refused submit, in Chinese
        page.driver().findElement(By.id("new-task")).click();
        WebElement maxAttempts = page.driver().findElement(By.id("submit-max-attempts"));
        maxAttempts.clear();
        maxAttempts.sendKeys("0");
        page.driver().findElement(By.id("submit-send")).click();
        page.waitUntil("the refusal is shown in Chinese", () -> {
            String error = page.text(By.id("submit-error"));
            return error != null && error.startsWith("maxAttempts: ") && error.codePoints().anyMatch(c ->
                    Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN);
        });
        page.driver().findElement(By.id("submit-cancel")).click();

        // remembered: after a reload, and on the login page after logging out
        page.driver().navigate().refresh();
        page.waitUntil("still Chinese after a reload", () -> "true".equals(page.bodyData("ready"))
                && "队列".equals(page.text(By.cssSelector(".stats-card h2"))));
        page.driver().findElement(By.id("logout")).click();
        page.waitUntil("the login page is Chinese", () -> "您已退出登录。".equals(page.text(By.id("login-message")))
                && "登录控制台".equals(page.text(By.cssSelector(".login-title"))));

        new Select(page.driver().findElement(By.id("language"))).selectByValue("en");
        page.waitUntil("the login page is English again", () -> "Log in to the console".equals(
                page.text(By.cssSelector(".login-title"))));
    }

    @Test
    void statusColoursPassWcagAaAndEveryControlHasAName() throws IOException {
        ConsolePage page = browser("en-US").logIn("operator", "operator");
        page.driver().findElement(By.id("new-task")).click();

        @SuppressWarnings("unchecked")
        Map<String, Object> ratios = (Map<String, Object>) ((JavascriptExecutor) page.driver()).executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
                const luminance = (c) => { const [r, g, b] = c.map((v) => { v /= 255;
                    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
                    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
                const ratio = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
                    return (x + 0.05) / (y + 0.05); };
                import('/console/js/widgets.js').then(({badge}) => {
                    const result = {};
                    for (const status of ['SCHEDULED', 'QUEUED', 'RUNNING', 'SUCCESS', 'FAILED', 'CANCEL_REQUESTED', 'CANCELLED']) {
                        const element = badge(status);
                        document.body.append(element);
                        const style = getComputedStyle(element);
                        result[status] = ratio(rgb(style.color), rgb(style.backgroundColor));
                        element.remove();
                    }
                    done(result);
                });
                """);
        assertThat(ratios).hasSize(7);
        ratios.forEach((status, ratio) -> assertThat(((Number) ratio).doubleValue()).as("contrast of %s", status)
                .isGreaterThanOrEqualTo(4.5));

        List<?> unnamed = (List<?>) page.script("""
                return [...document.querySelectorAll('input, select, textarea, button')]
                    .filter((e) => e.getClientRects().length > 0)
                    .filter((e) => !(e.labels && e.labels.length) && !e.getAttribute('aria-label')
                        && !e.getAttribute('aria-labelledby') && !(e.tagName === 'BUTTON' && e.textContent.trim()))
                    .map((e) => e.outerHTML.slice(0, 120));""");
        assertThat(unnamed).as("controls without an accessible name").isEmpty();
    }

    private static long chartTotal(ConsolePage page) {
        Object total = page.script("return [...document.querySelectorAll('[data-testid=chart-finished] [data-testid=minute]')]"
                + ".reduce((sum, g) => sum + Number(g.dataset.total), 0)");
        return ((Number) total).longValue();
    }

    private static long queuePoints(ConsolePage page) {
        Object points = page.script("const line = document.querySelector('[data-testid=chart-queue] polyline[data-series=due]');"
                + " return line ? Number(line.dataset.points) : 0");
        return ((Number) points).longValue();
    }

    private static boolean focusedCancelOf(ConsolePage page, long id) {
        return Boolean.TRUE.equals(page.script("const e = document.activeElement; return e.dataset.testid === 'cancel'"
                + " && e.closest('tr') !== null && e.closest('tr').dataset.taskId === arguments[0];", String.valueOf(id)));
    }

    // ------------------------------------------------------------------ helpers

    private static Set<Long> ids(ConsolePage page) {
        return page.rows().stream().map(ConsolePage.Row::id).collect(Collectors.toSet());
    }

    private static String statCount(ConsolePage page, String status) {
        return page.text(By.cssSelector("#stat-" + status + " [data-testid=count]"));
    }

    private String baseUrl() {
        return "http://localhost:" + port;
    }

}
