package dev.flamediff.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every renderer on an interrupted thread stops at its next check with CancellationException and
 * keeps the interrupt flag set; without the interrupt the same diff renders.
 */
@Timeout(120)
class RenderInterruptTest {

    private static final DiffTree DIFF = bigDiff();

    @AfterEach
    void clearFlag() {
        Thread.interrupted();
    }

    static Stream<String> formats() {
        return Renderers.all().stream().map(DiffRenderer::format);
    }

    @ParameterizedTest
    @MethodSource("formats")
    void interruptedRenderThrowsCancellation(String format) {
        DiffRenderer renderer = Renderers.byFormat(format).orElseThrow();
        Thread.currentThread().interrupt();
        assertThatThrownBy(() -> renderer.render(DIFF, RenderOptions.DEFAULT, new ByteArrayOutputStream()))
                .isInstanceOf(CancellationException.class)
                // The Markdown report first ranks the changes (DiffSummary, a diff-engine step).
                .hasMessageMatching("the (rendering|diff) was interrupted");
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
    }

    @ParameterizedTest
    @MethodSource("formats")
    void uninterruptedRenderWritesOutput(String format) throws Exception {
        if (format.equals("png")) {
            return; // rasterizing ten thousand frames is slow and adds nothing here
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Renderers.byFormat(format).orElseThrow().render(DIFF, RenderOptions.DEFAULT, out);
        assertThat(out.size()).isPositive();
    }

    /** Five chains of 2,000 frames under main: every frame is a fifth of the width or more, none elided. */
    private static DiffTree bigDiff() {
        try {
            return Diffs.diff(chains("base", 1), chains("head", 2), DiffOptions.DEFAULT);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static Profile chains(String source, long weight) throws Exception {
        CallTreeBuilder builder = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        for (int c = 0; c < 5; c++) {
            List<Frame> stack = new ArrayList<>();
            stack.add(Frame.of("main"));
            for (int d = 0; d < 2000; d++) {
                stack.add(Frame.of("chain" + c + "_" + d));
            }
            builder.addStack(stack, weight * (c + 1));
        }
        return new Profile(builder.build(), ProfileMetadata.of(source, "collapsed", "cpu"));
    }
}
