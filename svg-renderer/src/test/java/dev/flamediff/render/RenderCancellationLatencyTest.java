package dev.flamediff.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.fixtures.CancellationLatency;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import dev.flamediff.testkit.LargeProfiles;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every renderer, on a diff large enough to take seconds to render, stops soon after its thread
 * is interrupted wherever the interrupt lands (the layout, the frames, the function list, the
 * report's ranking and tables, the rasterizing), with CancellationException and the interrupt
 * flag still set. As for the diff, the 100 ms target is asserted on the CPU time the rendering
 * thread spends after the interrupt, and the time to stop gets a bound that a loaded two-core
 * machine keeps; the report on standard output has both for every point.
 */
@Timeout(900)
class RenderCancellationLatencyTest {

    static final double[] POINTS = {0.1, 0.3, 0.5, 0.7, 0.85, 0.95};

    private static DiffTree wide;
    private static DiffTree deep;

    @BeforeAll
    static void makeDiffs() throws Exception {
        wide = Diffs.diff(LargeProfiles.random("base", 1), LargeProfiles.random("head", 2), DiffOptions.DEFAULT);
        deep = Diffs.diff(chains("base", 1), chains("head", 3), DiffOptions.DEFAULT);
    }

    /**
     * Every format on both diffs but the PNG of the deep one: Batik takes a minute over 18,000
     * frames with long names (the halt lands between elements all the same), too long a test.
     */
    static Stream<Arguments> cases() {
        return Stream.concat(Stream.of("svg", "json", "markdown", "collapsed")
                .flatMap(f -> Stream.of(Arguments.of(f, "wide"), Arguments.of(f, "deep"))),
                Stream.of(Arguments.of("png", "wide")));
    }

    @ParameterizedTest(name = "{0} on the {1} diff")
    @MethodSource("cases")
    void aLargeRenderStopsSoonAfterAnInterrupt(String format, String shape) throws Exception {
        DiffTree diff = shape.equals("wide") ? wide : deep;
        DiffRenderer renderer = Renderers.byFormat(format).orElseThrow();
        // Frames up to 50,000, beyond the default 10,000, so the SVG writes all it can; the
        // PNG keeps the default, which is what it is rasterized with.
        RenderOptions options = RenderOptions.DEFAULT.withMaxFrames(format.equals("png") ? 10_000 : 50_000);
        CancellationLatency.Measurement m = CancellationLatency.measure(format + " on the " + shape + " diff",
                () -> {
                    renderer.render(diff, options, OutputStream.nullOutputStream());
                    return null;
                }, POINTS, 100);
        System.out.println(m.describe());
        // The SVG and the report read the diff's by-function view and ranking, diff-engine steps
        // that stop with the diff's message.
        assertThat(m.violations(CancellationException.class, "the ", 100, 2000)).as(m.describe()).isEmpty();
        assertThat(m.stops()).as(m.describe()).filteredOn(stop -> stop.thrown() != null)
                .allSatisfy(stop -> assertThat(stop.thrown().getMessage()).matches("the (rendering|diff) was interrupted"));
    }

    /**
     * Twelve chains of 1,500 frames with names of 2,000 characters under main, head's chains
     * three times as heavy as base's: every frame is a regression, none is narrow enough to merge.
     */
    static Profile chains(String source, long weight) throws Exception {
        CallTreeBuilder builder = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        String pad = "x".repeat(2000);
        for (int c = 0; c < 12; c++) {
            int[] stack = new int[1501];
            stack[0] = builder.frameId(Frame.of("main"));
            for (int d = 1; d < stack.length; d++) {
                stack[d] = builder.frameId(Frame.of("pkg.Chain" + c + ".f" + d + pad));
            }
            builder.addStack(stack, stack.length, weight * (20 + c));
        }
        return new Profile(builder.build(), ProfileMetadata.of(source, "collapsed", "cpu"));
    }
}
