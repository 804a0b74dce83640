package com.tudicloud.asynctask.testing.browser;

import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.springframework.util.FileSystemUtils;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * A real headless Chromium driven by the system's chromedriver (Debian packages chromium and
 * chromium-driver). Both paths are given explicitly, so Selenium Manager never looks for, or
 * downloads, a driver; every browser gets a fresh profile directory of its own.
 */
public final class Chromium implements AutoCloseable {

    private static final String BINARY = System.getProperty("browser.chromium", "/usr/bin/chromium");
    private static final String DRIVER = System.getProperty("browser.chromedriver", "/usr/bin/chromedriver");

    private final Path profile;
    private final ChromeDriver driver;

    private Chromium(Path profile, ChromeDriver driver) {
        this.profile = profile;
        this.driver = driver;
    }

    /** A browser whose user prefers English. */
    public static Chromium start() throws IOException {
        return start("en-US");
    }

    /** A browser whose user prefers this language (navigator.languages and Accept-Language), e.g. zh-CN. */
    public static Chromium start(String language) throws IOException {
        Path profile = Files.createTempDirectory("console-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BINARY);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync",
                "--disable-quic", "--user-data-dir=" + profile, "--window-size=1440,1000", "--lang=" + language);
        options.setExperimentalOption("prefs", Map.of("intl.accept_languages", language));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(DRIVER))
                .usingAnyFreePort()
                .build();
        try {
            ChromeDriver driver = new ChromeDriver(service, options);
            driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(20));
            return new Chromium(profile, driver);
        } catch (RuntimeException e) {
            FileSystemUtils.deleteRecursively(profile);
            throw e;
        }
    }

    public ChromeDriver driver() {
        return driver;
    }

    @Override
    public void close() throws IOException {
        try {
            driver.quit();
        } finally {
            FileSystemUtils.deleteRecursively(profile);
        }
    }
}
