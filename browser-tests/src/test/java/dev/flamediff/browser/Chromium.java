package dev.flamediff.browser;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.UnexpectedAlertBehaviour;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * One headless Chromium for a test class: Debian's {@code chromium} driven through Debian's
 * {@code chromedriver}, both named explicitly so that Selenium Manager never downloads a driver or
 * a browser, with a fresh profile folder that is deleted on close.
 *
 * <p>Without the driver the tests are skipped on a developer's machine, but fail in CI
 * ({@code CI=true}), where {@code .ci/run} installs both packages.
 */
final class Chromium implements AutoCloseable {

    /** Where Debian's chromium-driver package installs the driver. */
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    /** Where Debian's chromium package installs the browser. */
    static final Path BROWSER = Path.of("/usr/bin/chromium");

    private final ChromeDriver driver;
    private final Path profile;

    private Chromium(ChromeDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    /**
     * Starts the browser, or skips the calling test class when the driver is not installed and
     * this is not a CI run.
     *
     * @throws IOException if the profile folder cannot be created
     */
    static Chromium start() throws IOException {
        boolean ci = "true".equalsIgnoreCase(System.getenv("CI"));
        if (!Files.isExecutable(DRIVER)) {
            if (ci) {
                throw new AssertionError(DRIVER + " is missing: .ci/run must install chromium and chromium-driver");
            }
            Assumptions.abort(DRIVER + " is not installed (apt-get install chromium chromium-driver)");
        }
        // Belt and braces: with the property set too, nothing looks for a driver elsewhere.
        System.setProperty(ChromeDriverService.CHROME_DRIVER_EXE_PROPERTY, DRIVER.toString());
        Path profile = Files.createTempDirectory("flamediff-chromium");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort()
                .build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BROWSER.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--window-size=1200,900", "--hide-scrollbars",
                "--user-data-dir=" + profile.toAbsolutePath());
        // Prompts (the search box) are answered by the tests; an unexpected alert must not be
        // dismissed silently, so that the hostile-name tests can see it.
        options.setUnhandledPromptBehaviour(UnexpectedAlertBehaviour.IGNORE);
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, java.util.logging.Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(30));
        return new Chromium(driver, profile);
    }

    ChromeDriver driver() {
        return driver;
    }

    /** Loads a file, first leaving the current page so that a changed fragment reloads the document. */
    void open(Path file, String fragment) {
        driver.get("about:blank");
        String uri = file.toUri().toString();
        driver.get(uri + (fragment.isEmpty() ? "" : "#" + fragment));
        // With a page of several megabytes the driver has returned while the window still showed
        // about:blank (every lookup of the graph's elements then found nothing): wait until the
        // file's own document has loaded.
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!Boolean.TRUE.equals(js("return location.href.indexOf(arguments[0]) === 0"
                + " && document.readyState === 'complete' && document.documentElement !== null", uri))) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the page did not load within 30 s: " + uri);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    void open(Path file) {
        open(file, "");
    }

    /** Runs a script in the page and returns its result. */
    Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    /** Runs an asynchronous script (the last argument is the callback) and returns what it passes back. */
    Object jsAsync(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeAsyncScript(script, args);
    }

    /** Returns the text of an open alert, prompt or confirm, or null when none is open. */
    String openDialog() {
        try {
            return driver.switchTo().alert().getText();
        } catch (NoAlertPresentException e) {
            return null;
        }
    }

    /** Returns the console messages at level SEVERE (script errors) since the last call. */
    List<String> severeConsoleMessages() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= java.util.logging.Level.SEVERE.intValue())
                .map(LogEntry::getMessage)
                .toList();
    }

    /** Returns what {@code f(frame element)} gives for every frame, as a list of maps. */
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> frames() {
        return (List<Map<String, Object>>) js("""
                return Array.from(document.getElementById('frames').children).map(function (g) {
                  var r = g.getElementsByTagName('rect')[0];
                  return { id: g.id, x: +r.getAttribute('x'), w: +r.getAttribute('width'),
                           fill: r.getAttribute('fill'), cls: g.getAttribute('class') || '',
                           shown: getComputedStyle(g).display !== 'none',
                           label: g.getElementsByTagName('text')[0].textContent,
                           name: (g.querySelector('title') || g.querySelector('desc')).textContent.split('\\n')[0],
                           d: +g.getAttribute('data-d') };
                });
                """);
    }

    @Override
    public void close() throws IOException {
        try {
            driver.quit();
        } finally {
            try (Stream<Path> files = Files.walk(profile)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            } catch (IOException e) {
                // Chromium may still be writing into its profile while it exits; a leftover
                // temporary folder is harmless.
            }
        }
    }
}
