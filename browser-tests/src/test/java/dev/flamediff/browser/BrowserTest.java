package dev.flamediff.browser;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

/** One Chromium per test class (starting one costs about a second), with helpers for the graph's DOM. */
abstract class BrowserTest {

    static Chromium chromium;

    @BeforeAll
    static void startBrowser() throws Exception {
        chromium = Chromium.start();
    }

    @AfterAll
    static void stopBrowser() throws Exception {
        if (chromium != null) {
            chromium.close();
            chromium = null;
        }
    }

    /** Every test leaves the page without a script error; the console is read (and so emptied) here. */
    @AfterEach
    void noScriptErrors() {
        if (chromium != null) {
            // A key still held (Ctrl when a prompt interrupted its release) would change the next test's keys.
            chromium.driver().resetInputState();
            assertThat(chromium.severeConsoleMessages()).isEmpty();
        }
    }

    static WebElement byId(String id) {
        return chromium.driver().findElement(By.id(id));
    }

    static String text(String id) {
        // textContent, not getText(): hidden elements and whitespace are reported as they are.
        return (String) chromium.js("return document.getElementById(arguments[0]).textContent", id);
    }

    /** Clicks a frame's rectangle like a user would (at its center). */
    static void clickFrame(int index) {
        chromium.driver().findElement(By.cssSelector("#f" + index + " > rect")).click();
    }

    /**
     * Types the regex into the search box (which searches as one types), then leaves the box, as a
     * reader does by going back to the graph, so that the keys which follow reach the graph.
     */
    static void search(String regex) {
        WebElement box = byId("search");
        box.click();
        box.sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.DELETE);
        box.sendKeys(regex);
        chromium.js("document.activeElement.blur()");
    }

    /** Returns the full tooltip text of frame {@code i} (its title, or the desc the script moved it to). */
    static String tooltip(int i) {
        return (String) chromium.js("var g = document.getElementById('f' + arguments[0]);"
                + "return (g.querySelector('title') || g.querySelector('desc')).textContent", i);
    }

    /** Returns the lines of the pointer's tooltip as shown, or an empty list when it is hidden. */
    @SuppressWarnings("unchecked")
    static List<String> tipLines() {
        return (List<String>) chromium.js("var t = document.getElementById('tip');"
                + "if (!t.classList.contains('on')) { return []; }"
                + "return Array.from(t.getElementsByTagName('tspan')).map(function (s) { return s.textContent; });");
    }

    /** Returns the index of the widest frame whose name (the tooltip's first line) is the given one. */
    static int widest(List<Map<String, Object>> frames, String name) {
        int best = -1;
        for (int i = 0; i < frames.size(); i++) {
            if (frames.get(i).get("name").equals(name)
                    && (best < 0 || num(frames.get(i), "w") > num(frames.get(best), "w"))) {
                best = i;
            }
        }
        assertThat(best).as("a frame named %s", name).isNotNegative();
        return best;
    }

    /** Returns the index one past the last frame in the subtree of frame {@code i} (pre-order, by depth). */
    static int subtreeEnd(List<Map<String, Object>> frames, int i) {
        int d = depth(frames.get(i));
        int end = i + 1;
        while (end < frames.size() && depth(frames.get(end)) > d) {
            end++;
        }
        return end;
    }

    /** Returns the index of each frame's parent (-1 for the root), from the depths. */
    static int[] parents(List<Map<String, Object>> frames) {
        int[] parent = new int[frames.size()];
        int[] last = new int[frames.size() + 1];
        for (int i = 0; i < frames.size(); i++) {
            int d = depth(frames.get(i));
            parent[i] = d == 0 ? -1 : last[d - 1];
            last[d] = i;
        }
        return parent;
    }

    static double num(Map<String, Object> frame, String key) {
        return ((Number) frame.get(key)).doubleValue();
    }

    static int depth(Map<String, Object> frame) {
        return ((Number) frame.get("d")).intValue();
    }

    static boolean shown(Map<String, Object> frame) {
        return (Boolean) frame.get("shown");
    }

    static boolean hasClass(Map<String, Object> frame, String cls) {
        return List.of(((String) frame.get("cls")).split(" ")).contains(cls);
    }

    static String hash() {
        return (String) chromium.js("return location.hash");
    }
}
