package com.tudicloud.asynctask.testing.browser;

import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.NoSuchElementException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** The console as a user sees it: what the tests click, type and read, and explicit waits for it. */
public final class ConsolePage {

    public static final Duration TIMEOUT = Duration.ofSeconds(15);

    /** One table row as shown. */
    public record Row(long id, String type, String status, String owner) {
    }

    private final WebDriver driver;
    private final String baseUrl;

    public ConsolePage(WebDriver driver, String baseUrl) {
        this.driver = driver;
        this.baseUrl = baseUrl;
    }

    public WebDriver driver() {
        return driver;
    }

    /** Logs in through the real form at /login and waits until the console has loaded the user. */
    public ConsolePage logIn(String username, String password) {
        driver.get(baseUrl + "/login");
        submitLogin(username, password);
        return waitUntilLoadedFor(username);
    }

    /** Waits until the console has loaded its modules and shows this user as logged in. */
    public ConsolePage waitUntilLoadedFor(String username) {
        waitUntil("the console has loaded for " + username, () -> "true".equals(bodyData("ready"))
                && username.equals(text(By.id("user-name"))));
        return this;
    }

    /** Types into the login page's form and sends it. */
    public void submitLogin(String username, String password) {
        waitUntil("the login page is ready", () -> "true".equals(bodyData("ready")));
        driver.findElement(By.id("username")).clear();
        driver.findElement(By.id("username")).sendKeys(username);
        driver.findElement(By.id("password")).clear();
        driver.findElement(By.id("password")).sendKeys(password);
        driver.findElement(By.id("login-submit")).click();
    }

    public String bodyData(String name) {
        return driver.findElement(By.tagName("body")).getDomAttribute("data-" + name);
    }

    // ------------------------------------------------------------------ the table

    /** The rows as shown, read in one round trip to the browser (one WebDriver call per cell would be slow). */
    public List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        for (Object row : (List<?>) script("""
                return [...document.querySelectorAll('#task-rows tr[data-task-id]')].map(tr => [
                    tr.dataset.taskId,
                    tr.querySelector('[data-testid=task-type]').innerText,
                    tr.querySelector('[data-testid=status]').dataset.status,
                    tr.querySelector('td[data-col=owner]').innerText]);
                """)) {
            List<?> cells = (List<?>) row;
            rows.add(new Row(Long.parseLong((String) cells.get(0)), (String) cells.get(1), (String) cells.get(2),
                    (String) cells.get(3)));
        }
        return rows;
    }

    public WebElement row(long id) {
        return driver.findElement(By.cssSelector("#task-rows tr[data-task-id='" + id + "']"));
    }

    /** The status the row's badge shows, e.g. CANCEL_REQUESTED, in any language; null while the row is not on the page. */
    public String shownStatus(long id) {
        List<WebElement> rows = driver.findElements(By.cssSelector("#task-rows tr[data-task-id='" + id + "']"));
        return rows.isEmpty() ? null : rows.get(0).findElement(By.cssSelector("[data-testid=status]")).getDomAttribute("data-status");
    }

    public void waitForStatus(long id, String status) {
        waitUntil("task " + id + " shows " + status, () -> status.equals(shownStatus(id)));
    }

    /** The number of refresh rounds the page has finished. */
    public int refreshes() {
        String count = bodyData("refreshes");
        return count == null ? 0 : Integer.parseInt(count);
    }

    public void waitForRefreshesAfter(int seen, int more) {
        waitUntil(more + " more refresh rounds", () -> refreshes() >= seen + more);
    }

    // ------------------------------------------------------------------ filters

    /** Toggles a status chip the way a user does: by clicking its label. */
    public void toggleStatusFilter(String status) {
        driver.findElement(By.cssSelector("label[for='filter-status-" + status + "']")).click();
    }

    public boolean statusFilterChecked(String status) {
        return driver.findElement(By.id("filter-status-" + status)).isSelected();
    }

    public void filterTaskType(String type) {
        WebElement input = driver.findElement(By.id("filter-task-type"));
        input.clear();
        input.sendKeys(type + "\n");
    }

    public void clearFilters() {
        driver.findElement(By.id("filter-clear")).click();
    }

    // ------------------------------------------------------------------ actions

    /** Clicks the row's Cancel button and answers the confirmation. */
    public void cancel(long id, boolean confirm) {
        row(id).findElement(By.cssSelector("[data-testid=cancel]")).click();
        answerConfirmation(confirm);
    }

    /** Clicks the confirmation dialog's confirm or keep button. */
    public void answerConfirmation(boolean confirm) {
        waitUntil("the confirmation is open", this::confirmationOpen);
        driver.findElement(By.id(confirm ? "confirm-yes" : "confirm-no")).click();
        waitUntil("the confirmation is closed", () -> !confirmationOpen());
    }

    public boolean confirmationOpen() {
        return driver.findElement(By.id("confirm-dialog")).getDomProperty("open").equals("true");
    }

    /** Presses Tab until the focused element is the one looked for; fails after max presses. */
    public int tabUntil(String what, Supplier<Boolean> reached, int max) {
        for (int presses = 1; presses <= max; presses++) {
            press(Keys.TAB);
            if (reached.get()) {
                return presses;
            }
        }
        throw new AssertionError("Tab did not reach " + what + " in " + max + " presses; focus is on " + focused());
    }

    /** A key pressed on whatever has the focus, as a keyboard user does. */
    public void press(CharSequence key) {
        new Actions(driver).sendKeys(key).perform();
    }

    /** The element that has the keyboard focus, described by its id or test id. */
    public String focused() {
        return (String) script("const e = document.activeElement; return e.id || e.dataset.testid || e.tagName;");
    }

    public void openDetail(long id) {
        row(id).findElement(By.cssSelector("[data-testid=open]")).click();
        waitUntil("the detail of task " + id + " is open", () -> driver.findElement(By.id("detail")).isDisplayed()
                && String.valueOf(id).equals(driver.findElement(By.id("detail")).getDomAttribute("data-task-id"))
                && !driver.findElements(By.cssSelector("#detail [data-testid=payload]")).isEmpty());
    }

    public WebElement detail() {
        return driver.findElement(By.id("detail"));
    }

    public void closeDetail() {
        driver.findElement(By.id("detail-close")).click();
        waitUntil("the detail is closed", () -> !driver.findElement(By.id("detail")).isDisplayed());
    }

    // ------------------------------------------------------------------ batches

    public WebElement batchRow(long id) {
        return driver.findElement(By.cssSelector("#batch-rows tr[data-batch-id='" + id + "']"));
    }

    /** The state the batch's row shows, e.g. OPEN, in any language; null while the row is not on the page. */
    public String shownBatchState(long id) {
        List<WebElement> rows = driver.findElements(By.cssSelector("#batch-rows tr[data-batch-id='" + id + "']"));
        return rows.isEmpty() ? null
                : rows.get(0).findElement(By.cssSelector("[data-testid=batch-state]")).getDomAttribute("data-state");
    }

    public void waitForBatchState(long id, String state) {
        waitUntil("batch " + id + " shows " + state, () -> state.equals(shownBatchState(id)));
    }

    /** Opens the batch's detail from its row and waits until it shows its children. */
    public void openBatch(long id) {
        batchRow(id).findElement(By.cssSelector("[data-testid=open-batch]")).click();
        waitForBatchDetail(id);
    }

    public void waitForBatchDetail(long id) {
        waitUntil("the detail of batch " + id + " is open", () -> batchDetail().isDisplayed()
                && String.valueOf(id).equals(batchDetail().getDomAttribute("data-batch-id"))
                && !batchDetail().findElements(By.cssSelector("[data-testid=batch-children]")).isEmpty());
    }

    public WebElement batchDetail() {
        return driver.findElement(By.id("batch-detail"));
    }

    /** The ids of the children the batch detail lists, in its order. */
    public List<Long> shownChildren() {
        return batchDetail().findElements(By.cssSelector("[data-testid=batch-child]")).stream()
                .map(row -> Long.parseLong(row.getDomAttribute("data-task-id"))).toList();
    }

    public void setAutoRefresh(boolean on) {
        if (driver.findElement(By.id("auto-refresh")).isSelected() != on) {
            driver.findElement(By.cssSelector("label.switch")).click();
        }
        waitUntil("auto-refresh is " + (on ? "on" : "off"),
                () -> driver.findElement(By.id("auto-refresh")).isSelected() == on);
    }

    public String notice() {
        return driver.findElement(By.id("notice")).isDisplayed() ? driver.findElement(By.id("notice-text")).getText() : "";
    }

    public String noticeKind() {
        return driver.findElement(By.id("notice")).getDomAttribute("data-kind");
    }

    public String text(By by) {
        List<WebElement> found = driver.findElements(by);
        return found.isEmpty() ? null : found.get(0).getText();
    }

    public Object script(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    public Path screenshot(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.write(file, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
        return file;
    }

    // ------------------------------------------------------------------ waiting

    /**
     * Waits for a condition on the page, re-reading it while the page redraws; on timeout fails with
     * what the table showed last.
     */
    public void waitUntil(String what, Supplier<Boolean> condition) {
        try {
            new WebDriverWait(driver, TIMEOUT, Duration.ofMillis(100))
                    .ignoring(StaleElementReferenceException.class)
                    .ignoring(NoSuchElementException.class)
                    .until(d -> condition.get());
        } catch (TimeoutException e) {
            throw new AssertionError("timed out after " + TIMEOUT.toSeconds() + " s waiting until " + what
                    + "\n  url: " + driver.getCurrentUrl() + "\n  rows: " + safeRows()
                    + "\n  notice: " + safeNotice(), e);
        }
    }

    private String safeRows() {
        try {
            return rows().toString();
        } catch (RuntimeException e) {
            return "(unreadable: " + e.getClass().getSimpleName() + ")";
        }
    }

    private String safeNotice() {
        try {
            return notice();
        } catch (RuntimeException e) {
            return "(none)";
        }
    }
}
