package dev.flamediff.render.png;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.fixtures.FixtureFiles;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.Renderers;
import dev.flamediff.render.svg.SvgRenderer;
import dev.flamediff.testkit.FoldedProfiles;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;
import org.apache.batik.transcoder.TranscoderInput;
import org.apache.batik.transcoder.TranscoderOutput;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The PNG is the SVG's static view, rasterized with scripts and external resources off. */
class PngRendererTest {

    private static DiffTree fixture;
    private static RenderedGraph graph;

    @BeforeAll
    static void renderFixture() throws Exception {
        Profile base = Profiles.read(FixtureFiles.path("collapsed/base.collapsed"), ReadOptions.DEFAULT);
        Profile head = Profiles.read(FixtureFiles.path("collapsed/head.collapsed"), ReadOptions.DEFAULT);
        fixture = Diffs.diff(base, head, DiffOptions.DEFAULT);
        graph = RenderedGraph.of(fixture, RenderOptions.DEFAULT);
    }

    @Test
    void isRegisteredForThePngExtension() {
        assertThat(Renderers.formatForFileName("diff.png")).contains("png");
        assertThat(Renderers.byFormat("png")).get().isInstanceOf(PngRenderer.class);
    }

    @Test
    void writesAPngOfTheSvgsSize() {
        assertThat(Arrays.copyOf(graph.png(), 8))
                .containsExactly(0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n');
        assertThat(graph.image().getWidth()).isEqualTo(graph.svgWidth()).isEqualTo(1200);
        assertThat(graph.image().getHeight()).isEqualTo(graph.svgHeight());
    }

    @Test
    void theSlowedFrameIsRedAndTheImprovedOneBlue() throws Exception {
        // The fixture program's shape with parseRecords kept (in the recordings head renames it
        // parseRecordsSlow, so there it is removed and its successor added). The hue is checked,
        // not the intensity: changes the noise model finds insignificant are drawn paler.
        RenderedGraph small = RenderedGraph.of(Diffs.diff(
                profile("Thread.run;work;parseRecords 3000", "Thread.run;work;computeChecksum 4000",
                        "Thread.run;work;sortRecords 1500"),
                profile("Thread.run;work;parseRecords 3300", "Thread.run;work;parseRecords;parseRecordsSlow 9000",
                        "Thread.run;work;computeChecksum 600", "Thread.run;work;sortRecords 1500",
                        "Thread.run;work;compressBlock 1200"),
                DiffOptions.DEFAULT), RenderOptions.DEFAULT);
        int slowed = small.fill("parseRecords");
        int slowCallee = small.fill("parseRecordsSlow");
        int improved = small.fill("computeChecksum");
        int added = small.fill("compressBlock");
        // parseRecords' growth is its new callee's: the callee is the strong red, parseRecords a weak one.
        assertThat(red(slowed)).as("parseRecords %06x", slowed).isGreaterThan(blue(slowed) + 10);
        assertThat(red(slowCallee)).as("parseRecordsSlow %06x", slowCallee).isGreaterThan(blue(slowCallee) + 100);
        assertThat(blue(improved)).as("computeChecksum %06x", improved).isGreaterThan(red(improved) + 30);
        // New code is a cost: on the regression side, not a hue of its own.
        assertThat(red(added)).as("compressBlock %06x", added).isGreaterThan(Math.max(green(added), blue(added)) + 40);
        assertThat(small.fill("sortRecords")).as("unchanged is gray").matches(c -> red(c) == blue(c) && red(c) == green(c));
    }

    @Test
    void recordedFixtureShowsTheSlowedMethodRedTheFasterBlueAndTheNewCodeRedToo() {
        // head keeps both changed methods' names; only parseRecords' callee changed.
        int slowed = graph.fill("parseRecords");
        int faster = graph.fill("computeChecksum");
        int newCallee = graph.fill("splitWithRegex");
        int oldCallee = graph.fill("splitWithIndexOf");
        int newCode = graph.fill("compressBlock");
        // parseRecords' growth is its new callee's and within the assumed run-to-run noise: pale red.
        assertThat(red(slowed)).as("parseRecords %06x", slowed).isGreaterThan(blue(slowed));
        assertThat(blue(faster)).as("computeChecksum %06x", faster).isGreaterThan(red(faster) + 30);
        assertThat(red(newCallee)).as("splitWithRegex %06x", newCallee).isGreaterThan(blue(newCallee) + 40);
        assertThat(blue(oldCallee)).as("splitWithIndexOf %06x", oldCallee).isGreaterThan(red(oldCallee));
        assertThat(red(newCode)).as("compressBlock %06x", newCode)
                .isGreaterThan(Math.max(green(newCode), blue(newCode)) + 40);
    }

    @Test
    void theButtonsTheScriptWouldShowAreNotDrawn() {
        // "Search" sits at the top right; without the script it is hidden, so that corner is blank.
        BufferedImage img = graph.image();
        for (int x = 1100; x < 1190; x++) {
            for (int y = 12; y < 28; y++) {
                assertThat(img.getRGB(x, y) & 0xffffff).as("pixel %d,%d", x, y).isEqualTo(0xffffff);
            }
        }
    }

    @Test
    void sameDiffGivesTheSameImage() throws IOException {
        assertThat(render(fixture, RenderOptions.DEFAULT)).isEqualTo(graph.png());
    }

    @Test
    void hostileNamesRasterize() throws Exception {
        CallTreeBuilder b = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        b.addStack(List.of(Frame.of("<script>alert(1)</script>"), Frame.of("]]></text>&amp;\u202e\u0001")), 10);
        b.addStack(List.of(Frame.of("x\"y'z")), 5);
        Profile p = new Profile(b.build(), ProfileMetadata.of("<b>.collapsed", "collapsed", "cpu"));
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(render(Diffs.diff(p, p, DiffOptions.DEFAULT),
                RenderOptions.DEFAULT.withTitle("<script>alert('t')</script>"))));
        assertThat(img.getWidth()).isEqualTo(1200);
    }

    @Test
    void theTranscoderRunsNoScript() throws Exception {
        String svg = """
                <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="paint()">
                  <script type="text/ecmascript"><![CDATA[
                    function paint() { document.getElementById('r').setAttribute('fill', '#ff0000'); }
                    paint();
                  ]]></script>
                  <rect id="r" width="40" height="40" fill="#0000ff"/>
                </svg>
                """;
        BufferedImage img = transcode(svg.getBytes(StandardCharsets.UTF_8));
        assertThat(img.getRGB(20, 20) & 0xffffff).isEqualTo(0x0000ff);
    }

    @Test
    void theTranscoderLoadsNoExternalImage(@TempDir Path dir) throws Exception {
        Path red = dir.resolve("red.png");
        BufferedImage redImage = new BufferedImage(40, 40, BufferedImage.TYPE_INT_RGB);
        for (int x = 0; x < 40; x++) {
            for (int y = 0; y < 40; y++) {
                redImage.setRGB(x, y, 0xff0000);
            }
        }
        ImageIO.write(redImage, "png", red.toFile());
        String svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\""
                + " width=\"40\" height=\"40\"><rect width=\"40\" height=\"40\" fill=\"#00ff00\"/>"
                + "<image x=\"0\" y=\"0\" width=\"40\" height=\"40\" xlink:href=\"" + red.toUri() + "\"/></svg>";
        assertThatThrownBy(() -> transcode(svg.getBytes(StandardCharsets.UTF_8)))
                .hasStackTraceContaining("do not allow any external resources");
    }

    @Test
    void theTranscoderLoadsNoExternalStylesheet(@TempDir Path dir) throws Exception {
        Path css = dir.resolve("x.css");
        Files.writeString(css, "rect { fill: #ff0000 }");
        String svg = "<?xml-stylesheet href=\"" + css.toUri() + "\" type=\"text/css\"?>"
                + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"40\">"
                + "<rect width=\"40\" height=\"40\"/></svg>";
        assertThatThrownBy(() -> transcode(svg.getBytes(StandardCharsets.UTF_8)))
                .hasStackTraceContaining("do not allow any external resources");
    }

    @Test
    void aStyleBatikCannotParseFailsTheRender() {
        String svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"40\">"
                + "<style type=\"text/css\"><![CDATA[rect { fill: #00ff00; unicode-bidi: nonsense; }]]></style>"
                + "<rect width=\"40\" height=\"40\"/></svg>";
        assertThatThrownBy(() -> transcode(svg.getBytes(StandardCharsets.UTF_8)))
                .hasStackTraceContaining("\"unicode-bidi\" property");
    }

    private static BufferedImage transcode(byte[] svg) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TranscoderInput input = new TranscoderInput(new ByteArrayInputStream(svg));
        input.setURI("about:test.svg");
        new StaticSvgTranscoder().transcode(input, new TranscoderOutput(out));
        return ImageIO.read(new ByteArrayInputStream(out.toByteArray()));
    }

    static byte[] render(DiffTree diff, RenderOptions options) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new PngRenderer().render(diff, options, out);
        return out.toByteArray();
    }

    static String svg(DiffTree diff, RenderOptions options) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SvgRenderer.withFixedSize().render(diff, options, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static Profile profile(String... lines) {
        return FoldedProfiles.profile("p.collapsed", ValueType.SAMPLES, lines);
    }

    static int red(int rgb) {
        return (rgb >> 16) & 0xff;
    }

    static int green(int rgb) {
        return (rgb >> 8) & 0xff;
    }

    static int blue(int rgb) {
        return rgb & 0xff;
    }

    static int distance(int a, int b) {
        return Math.max(Math.abs(red(a) - red(b)),
                Math.max(Math.abs(((a >> 8) & 0xff) - ((b >> 8) & 0xff)), Math.abs(blue(a) - blue(b))));
    }
}
