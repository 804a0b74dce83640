package com.tudicloud.asynctask.admin.console.browser;

import com.tudicloud.asynctask.admin.AsyncTaskAdminApplication;
import com.tudicloud.asynctask.mybatis.testing.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static com.tudicloud.asynctask.admin.console.browser.BrowserTestHandlers.BLOCK;
import static com.tudicloud.asynctask.admin.console.browser.BrowserTestHandlers.BLOCK_MESSAGE;
import static com.tudicloud.asynctask.admin.console.browser.BrowserTestHandlers.BLOCK_PROGRESS;
import static com.tudicloud.asynctask.admin.console.browser.BrowserTestHandlers.FAIL;
import static com.tudicloud.asynctask.admin.console.browser.BrowserTestHandlers.FAILURE;
import static com.tudicloud.asynctask.admin.console.browser.BrowserTestHandlers.QUICK;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The web console in a real headless Chromium, against the whole admin application on the real
 * database, with an embedded worker running the test's handlers.
 */
@SpringBootTest(classes = AsyncTaskAdminApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "async-task.worker.poll-interval=100ms",
                "async-task.worker.heartbeat-interval=300ms",
                "async-task.worker.lease-timeout=2s",
                "async-task.worker.recovery-interval=1s",
                "async-task.demo.enabled=false",
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

    private final HttpClient http = HttpClient.newHttpClient();
    private Chromium chromium;

    @BeforeEach
    void startBrowser() throws IOException {
        TestDatabase.get().deleteAllTasks();
        chromium = Chromium.start();
    }

    @AfterEach
    void stopBrowser() throws IOException {
        if (chromium != null) {
            chromium.close();
        }
    }

    @Test
    void anAnonymousVisitorEndsOnTheLoginPage() throws IOException {
        WebDriver driver = chromium.driver();
        driver.get(baseUrl() + "/");

        assertThat(driver.getCurrentUrl()).isEqualTo(baseUrl() + "/login");
        assertThat(driver.findElement(By.id("username")).isDisplayed()).isTrue();
        assertThat(driver.findElements(By.id("task-rows"))).isEmpty();
        new ConsolePage(driver, baseUrl()).screenshot(SCREENSHOTS.resolve("console-login.png"));

        driver.get(baseUrl() + "/console/app.js");
        assertThat(driver.getCurrentUrl()).isEqualTo(baseUrl() + "/login");
    }

    @Test
    void anOperatorFiltersTheTableOpensATaskAndCancelsTheRunningOne() throws Exception {
        long quick1 = submit(QUICK, "{\"n\": 1}", "alice", 0);
        long quick2 = submit(QUICK, "{\"n\": 2}", "alice", 0);
        long quick3 = submit(QUICK, "{\"n\": 3}", "bob", 5);
        long failed = submit(FAIL, "{\"html\": \"<b>not bold</b>\", \"rows\": [1, 2]}", "mallory", 0);
        long later = submit(QUICK, "{\"n\": 4}", "bob", 0, 600_000);
        ConsolePage page = new ConsolePage(chromium.driver(), baseUrl()).logIn("operator", "operator");
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
        page.screenshot(SCREENSHOTS.resolve("console.png"));

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

        // sort by priority, highest first: quick3 (5) comes before the others (0)
        page.driver().findElement(By.id("sort-priority")).click();
        page.waitUntil("sorted by priority", () -> page.rows().get(0).id() == quick3
                && page.driver().getCurrentUrl().contains("sort=priority%2Cdesc"));

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
        assertThat(taskJson(blocking).get("status").asString()).isEqualTo("RUNNING");
        page.cancel(blocking, true);
        page.waitForStatus(blocking, "CANCELLED");
        assertThat(taskJson(blocking).get("status").asString()).isEqualTo("CANCELLED");

        // a cancel the server refuses shows its problem detail
        page.setAutoRefresh(false);
        post("/api/tasks/" + later + "/cancel");
        assertThat(page.shownStatus(later)).isEqualTo("SCHEDULED");   // the paused page does not know yet
        page.cancel(later, true);
        page.waitUntil("the refusal is shown", () -> "error".equals(page.noticeKind())
                && page.notice().contains("Could not cancel task #" + later + ": task " + later + " is already CANCELLED"));
        page.waitForStatus(later, "CANCELLED");   // the page reloads after any action, paused or not

        // retry the failed task from its row
        page.setAutoRefresh(true);
        page.row(failed).findElement(By.cssSelector("[data-testid=retry]")).click();
        page.driver().switchTo().alert().accept();
        page.waitUntil("the retry is announced", () -> page.notice().equals("Task #" + failed + " queued again."));
        page.waitUntil("the retried task ran again (a second claim) and failed again", () -> {
            JsonNode task = taskJson(failed);
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
    void aViewerPagesThroughTasksButCannotCancelRetryOrSubmit() throws Exception {
        long failed = submit(FAIL, "{}", "alice", 0);
        List<Long> queued = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
            queued.add(submit(QUICK, "{\"n\": " + i + "}", "alice", 0, 600_000));
        }
        ConsolePage page = new ConsolePage(chromium.driver(), baseUrl()).logIn("viewer", "viewer");
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

    private long submit(String type, String payloadJson, String owner, int priority) throws Exception {
        return submit(type, payloadJson, owner, priority, 0);
    }

    private long submit(String type, String payloadJson, String owner, int priority, long delayMs) throws Exception {
        String body = jsonMapper.writeValueAsString(Map.of("taskType", type, "payload", jsonMapper.readTree(payloadJson),
                "ownerId", owner, "priority", priority, "delayMs", delayMs));
        HttpResponse<String> response = http.send(request("/api/tasks")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return jsonMapper.readTree(response.body()).get("id").asLong();
    }

    private void post(String path) throws Exception {
        HttpResponse<String> response = http.send(request(path).POST(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    }

    private JsonNode taskJson(long id) {
        try {
            HttpResponse<String> response = http.send(request("/api/tasks/" + id).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            return jsonMapper.readTree(response.body());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private HttpRequest.Builder request(String path) {
        String credentials = Base64.getEncoder().encodeToString("operator:operator".getBytes(StandardCharsets.UTF_8));
        return HttpRequest.newBuilder(URI.create(baseUrl() + path))
                .header("Authorization", "Basic " + credentials)
                .header("Accept", "application/json");
    }
}
