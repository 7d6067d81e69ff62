package dev.flamediff.browser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import dev.flamediff.render.RenderOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The default view of every recorded fixture pair in Chromium: saved as
 * {@code target/screenshots/PAIR.png} for people to look at, checked for script errors and for the
 * fixture program's story (slower parse red, faster checksum blue, new compress added). Also
 * measures, without asserting, the SVG sizes and how long a zoom takes to redraw in Chromium; the
 * figures go to {@code target/screenshots/measurements.txt}.
 */
class FixtureScreenshotsTest extends BrowserTest {

    private static final Path SHOTS = Path.of("target", "screenshots");
    private static final List<String> MEASURED = new ArrayList<>();

    @AfterAll
    static void writeMeasurements() throws IOException {
        Files.createDirectories(SHOTS);
        Files.write(SHOTS.resolve("measurements.txt"), MEASURED);
        MEASURED.forEach(System.out::println);
    }

    @Test
    void everyFixturePairRendersAndIsSaved() throws Exception {
        List<Graphs.Pair> pairs = Graphs.present();
        assertThat(pairs).as("the collapsed fixtures at least").contains(Graphs.COLLAPSED);
        Path largest = null;
        long largestSize = -1;
        for (Graphs.Pair pair : pairs) {
            DiffTree diff = Graphs.diff(pair);
            Path svg = Graphs.write(pair.name(), diff, RenderOptions.DEFAULT);
            long size = Files.size(svg);
            chromium.open(svg);
            int frames = chromium.frames().size();
            MEASURED.add(String.format(Locale.ROOT, "%s: SVG %,d bytes, %,d frames drawn of %,d nodes",
                    pair.name(), size, frames, diff.size()));
            assertThat(chromium.js("return document.documentElement.classList.contains('js')"))
                    .as("the script ran on %s", pair.name()).isEqualTo(true);
            assertThat(size).as("SVG size of %s", pair.name()).isLessThan(5L << 20);
            screenshot(pair.name());
            assertStory(pair);
            if (size > largestSize) {
                largestSize = size;
                largest = svg;
            }
        }
        measureZoom(largest);
    }

    @Test
    void zoomedAndSearchedViewsAreSavedToo() throws Exception {
        Path svg = Graphs.write("collapsed-view", Graphs.diff(Graphs.COLLAPSED), RenderOptions.DEFAULT);
        chromium.open(svg);
        clickFrame(widest(chromium.frames(), "fixture.FixtureApp.work"));
        search("parseRecords|compressBlock|computeChecksum");
        screenshot("collapsed-zoomed-search");
        assertThat(chromium.frames()).filteredOn(f -> hasClass(f, "hl") && shown(f)).isNotEmpty();
    }

    /**
     * The largest graph the renderer draws: a diff of 27,000 stacks with long names, more frames
     * than the cap, so the cap decides the size. Measured (size, zoom time), not asserted.
     */
    @Test
    void aGraphAtTheFrameCapIsMeasured() throws Exception {
        Random random = new Random(42);
        CallTreeBuilder base = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        CallTreeBuilder head = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        for (int i = 0; i < 30; i++) {
            for (int j = 0; j < 30; j++) {
                for (int k = 0; k < 30; k++) {
                    List<Frame> stack = List.of(Frame.of("com.example.service.module" + i + ".Handler.process"),
                            Frame.of("org.example.lib.pkg" + j + ".Worker.run$lambda$" + j),
                            Frame.of("java.util.concurrent.Leaf" + k + ".compute"));
                    base.addStack(stack, 1 + random.nextInt(100));
                    head.addStack(stack, 1 + random.nextInt(100));
                }
            }
        }
        DiffTree diff = Diffs.diff(new Profile(base.build(), ProfileMetadata.of("base", "collapsed", "cpu")),
                new Profile(head.build(), ProfileMetadata.of("head", "collapsed", "cpu")), DiffOptions.DEFAULT);
        Path svg = Graphs.write("frame-cap", diff, RenderOptions.DEFAULT.withMinWidth(0));
        chromium.open(svg);
        int frames = chromium.frames().size();
        MEASURED.add(String.format(Locale.ROOT, "frame cap (%,d): SVG %,d bytes, %,d frames drawn of %,d nodes",
                RenderOptions.DEFAULT_MAX_FRAMES, Files.size(svg), frames, diff.size()));
        assertThat(frames).isLessThanOrEqualTo(RenderOptions.DEFAULT_MAX_FRAMES + 1);
        screenshot("frame-cap");
        measureZoom(svg);
    }

    /**
     * The fixture program's changes as the colors show them, in each recording's names, and the
     * trunk above the slowed method drawn weaker than the frames where the change starts: the most
     * saturated frame at least 4 px wide is the slowed method or a frame under it, or new code.
     */
    private static void assertStory(Graphs.Pair pair) {
        List<Map<String, Object>> frames = chromium.frames();
        String slowed = pair.name().equals("callgrind") ? "parse_records" : "fixture.FixtureApp.parseRecords";
        int story = widest(frames, slowed);
        int[] parent = parents(frames);
        int strongest = -1;
        for (int i = 0; i < frames.size(); i++) {
            if (num(frames.get(i), "w") >= 4 && (strongest < 0 || saturation(frames.get(i)) > saturation(frames.get(strongest)))) {
                strongest = i;
            }
        }
        boolean under = false;
        for (int a = strongest; a >= 0; a = parent[a]) {
            under |= a == story;
        }
        MEASURED.add(String.format(Locale.ROOT, "%s: most saturated frame %s (%s), %s %s, its parent %s",
                pair.name(), frames.get(strongest).get("name"), frames.get(strongest).get("fill"), slowed,
                frames.get(story).get("fill"), frames.get(parent[story]).get("fill")));
        assertThat(under || hasClass(frames.get(strongest), "add"))
                .as("%s: the most saturated frame %s is where a change starts", pair.name(), frames.get(strongest).get("name"))
                .isTrue();
        for (int a = parent[story]; a >= 0; a = parent[a]) {
            assertThat(saturation(frames.get(a))).as("trunk frame %s", frames.get(a).get("name"))
                    .isLessThan(saturation(frames.get(strongest)));
        }
        if (pair.name().equals("callgrind")) {
            assertThat(redMinusBlue(frames, "parse_records")).as("parse_records slower").isPositive();
            assertThat(redMinusBlue(frames, "compute_checksum")).as("compute_checksum faster").isNegative();
            assertThat(hasClass(frames.get(widest(frames, "compress_block")), "add")).isTrue();
        } else {
            // The Java program keeps the changed methods' names in head: each is one frame on both
            // sides, parseRecords the reddest of the program's frames and computeChecksum blue.
            // parseRecords' new callee and compressBlock are only in head.
            String app = "fixture.FixtureApp.";
            Map<String, Object> parse = frames.get(widest(frames, app + "parseRecords"));
            assertThat(hasClass(parse, "add") || hasClass(parse, "rem")).as("parseRecords on both sides").isFalse();
            assertThat(redMinusBlue(parse)).as("parseRecords slower").isPositive();
            assertThat(redMinusBlue(frames, app + "computeChecksum")).as("computeChecksum faster").isNegative();
            int regex = widest(frames, app + "splitWithRegex");
            assertThat(hasClass(frames.get(regex), "add")).isTrue();
            assertThat(redMinusBlue(frames.get(regex))).as("new code is on the regression side").isGreaterThan(60);
            assertThat(hasClass(frames.get(widest(frames, app + "compressBlock")), "add")).isTrue();
        }
    }

    private static int saturation(Map<String, Object> frame) {
        int rgb = Integer.parseInt(((String) frame.get("fill")).substring(1), 16);
        int r = (rgb >> 16) & 0xff;
        int g = (rgb >> 8) & 0xff;
        int b = rgb & 0xff;
        return Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b));
    }

    private static int redMinusBlue(List<Map<String, Object>> frames, String name) {
        return redMinusBlue(frames.get(widest(frames, name)));
    }

    private static int redMinusBlue(Map<String, Object> frame) {
        int rgb = Integer.parseInt(((String) frame.get("fill")).substring(1), 16);
        return ((rgb >> 16) & 0xff) - (rgb & 0xff);
    }

    /** Saves the whole graph, however tall, through the DevTools protocol. */
    private static void screenshot(String name) throws IOException {
        @SuppressWarnings("unchecked")
        Map<String, Object> size = (Map<String, Object>) chromium.js(
                "var r = document.documentElement.getBoundingClientRect(); return { w: Math.ceil(r.width), h: Math.ceil(r.height) };");
        Map<String, Object> clip = Map.of("x", 0, "y", 0, "width", size.get("w"), "height", size.get("h"), "scale", 1);
        Map<String, Object> shot = chromium.driver().executeCdpCommand("Page.captureScreenshot",
                Map.of("format", "png", "captureBeyondViewport", true, "clip", clip));
        Files.createDirectories(SHOTS);
        byte[] png = Base64.getDecoder().decode((String) shot.get("data"));
        Files.write(SHOTS.resolve(name + ".png"), png);
        assertThat(png.length).isGreaterThan(1000);
    }

    /**
     * Clicks the widest frames below the root one after another, timing each from the click
     * event to the second animation frame after it (the redraw), and the handler alone.
     */
    private static void measureZoom(Path svg) {
        chromium.open(svg);
        List<Map<String, Object>> frames = chromium.frames();
        List<Integer> targets = new ArrayList<>();
        for (int i = 1; i < frames.size(); i++) {
            targets.add(i);
        }
        targets.sort(Comparator.comparingDouble((Integer i) -> -num(frames.get(i), "w")));
        List<Double> redraw = new ArrayList<>();
        List<Double> handler = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            for (int i : targets.subList(0, Math.min(6, targets.size()))) {
                for (int target : new int[] {i, 0}) {
                    @SuppressWarnings("unchecked")
                    List<Number> t = (List<Number>) chromium.jsAsync("""
                            var done = arguments[arguments.length - 1];
                            var rect = document.querySelector('#f' + arguments[0] + ' > rect');
                            var t0 = performance.now();
                            rect.dispatchEvent(new MouseEvent('click', { bubbles: true }));
                            var t1 = performance.now();
                            requestAnimationFrame(function () {
                              requestAnimationFrame(function () { done([t1 - t0, performance.now() - t0]); });
                            });""", target);
                    handler.add(t.get(0).doubleValue());
                    redraw.add(t.get(1).doubleValue());
                }
            }
        }
        MEASURED.add(String.format(Locale.ROOT,
                "zoom in Chromium on %s (%d frames, %d clicks): handler median %.1f ms, max %.1f ms;"
                        + " click to redraw median %.1f ms, max %.1f ms",
                svg.getFileName(), frames.size(), redraw.size(), median(handler), max(handler),
                median(redraw), max(redraw)));
    }

    private static double median(List<Double> xs) {
        List<Double> s = xs.stream().sorted().toList();
        return s.get(s.size() / 2);
    }

    private static double max(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }
}
