package com.example.orders.browser;

import com.example.orders.ExampleDatabase;
import com.example.orders.ExportRequest;
import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.testing.browser.Chromium;
import com.tudicloud.asynctask.testing.browser.ConsolePage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The task console inside the example service, in a real headless Chromium: a visitor of /async-tasks lands on the
 * service's own login page (Spring Security's), and after it on the console, which shows the tasks; an operator
 * cancels one with the console's button and logs out through the service's logout, and a viewer, who has no such
 * button, is refused the same call of the console's API with the reason.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class EmbeddedConsoleBrowserIT {

    private static final Path SCREENSHOTS = Path.of("target");

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        ExampleDatabase.register(registry, "example_console_browser");
    }

    @LocalServerPort
    int port;

    @Autowired
    AsyncTaskClient tasks;

    private Chromium chromium;

    @AfterEach
    void stopBrowser() throws IOException {
        if (chromium != null) {
            chromium.close();
        }
    }

    private String service() {
        return "http://localhost:" + port;
    }

    /** An export due in an hour: it waits, SCHEDULED, until someone cancels it. */
    private long laterExport(long orderId) {
        return tasks.submit(TaskRequest.of("report.export", new ExportRequest(orderId, 1))
                .withDelay(Duration.ofHours(1))).taskId();
    }

    /** Opens the console, logs in on the service's login page it is sent to, and waits for the console. */
    private ConsolePage logIn(String username, String password) throws IOException {
        chromium = Chromium.start();
        WebDriver driver = chromium.driver();
        driver.get(service() + "/async-tasks/");
        assertThat(driver.getCurrentUrl()).isEqualTo(service() + "/login");
        driver.findElement(By.id("username")).sendKeys(username);
        driver.findElement(By.id("password")).sendKeys(password);
        driver.findElement(By.cssSelector("button[type=submit]")).click();
        ConsolePage page = new ConsolePage(driver, service() + "/async-tasks").waitUntilLoadedFor(username);
        // back where the visitor was sent from (Spring Security adds ?continue to the saved request)
        assertThat(URI.create(driver.getCurrentUrl()).getPath()).isEqualTo("/async-tasks/");
        return page;
    }

    @Test
    void anOperatorLogsInWithTheServicesLoginSeesTheTasksAndCancelsOne() throws IOException {
        long waiting = laterExport(51);
        long other = laterExport(52);

        ConsolePage page = logIn("ops", "ops-secret");
        page.waitUntil("both exports are listed", () -> page.rows().stream().map(ConsolePage.Row::id).toList()
                .containsAll(List.of(waiting, other)));
        assertThat(page.text(By.id("user-role"))).isEqualToIgnoringCase("operator");

        page.cancel(waiting, true);

        page.waitForStatus(waiting, "CANCELLED");
        assertThat(tasks.get(waiting).orElseThrow().status()).isEqualTo(TaskStatus.CANCELLED);
        assertThat(tasks.get(other).orElseThrow().status()).isEqualTo(TaskStatus.SCHEDULED);
        page.screenshot(SCREENSHOTS.resolve("embedded-console-operator.png"));

        // the console's Log out posts to the service's logout (with HTTP Basic on, Spring Security answers a script's
        // logout 200 rather than a redirect), then the console's page sends the browser to the login page
        page.driver().findElement(By.id("logout")).click();
        page.waitUntil("the service's login page is shown",
                () -> URI.create(page.driver().getCurrentUrl()).getPath().equals("/login"));
        page.driver().get(service() + "/async-tasks/");
        assertThat(page.driver().getCurrentUrl()).as("logged out").isEqualTo(service() + "/login");
    }

    @Test
    void aViewerSeesTheTasksAndIsRefusedACancelWithTheReason() throws IOException {
        long waiting = laterExport(61);

        ConsolePage page = logIn("support", "support-secret");
        page.waitUntil("the export is listed", () -> page.rows().stream().anyMatch(row -> row.id() == waiting));
        assertThat(page.text(By.id("user-role"))).isEqualToIgnoringCase("viewer");
        assertThat(page.driver().findElements(By.cssSelector("[data-testid=cancel]"))).isEmpty();

        // the call an operator's Cancel button makes, through the console's own module: the service's CSRF token
        // from the session, and the console's refusal
        Object refusal = ((JavascriptExecutor) page.driver()).executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                import(new URL('console/js/api.js', document.baseURI).href)
                    .then(api => api.api('POST', 'api/tasks/' + arguments[0] + '/cancel'))
                    .then(() => done('not refused'), error => done(error.status + ' ' + error.detail));
                """, waiting);

        assertThat(refusal).isEqualTo("403 Your role may not do this: submitting, cancelling, retrying, bulk actions, "
                + "pausing and changing schedules need the OPERATOR role");
        assertThat(tasks.get(waiting).orElseThrow().status()).isEqualTo(TaskStatus.SCHEDULED);
        page.screenshot(SCREENSHOTS.resolve("embedded-console-viewer.png"));
    }
}
