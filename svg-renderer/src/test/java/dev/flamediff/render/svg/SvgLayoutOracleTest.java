package dev.flamediff.render.svg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.Normalization;
import dev.flamediff.model.ValueType;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.RenderOptions.WidthMode;
import dev.flamediff.testkit.FoldedProfiles;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The layout keeps only the nodes wide enough to draw, yet places every frame as the layout over
 * arrays of every node's weights did ({@link PerNodeLayout}), to the bit: seeded random diffs
 * (seeds in the failure messages), every width mode, minimum widths from none to coarse, caps
 * from one frame to none binding, counts and scaled (fractional) values.
 */
class SvgLayoutOracleTest {

    private static final double[] MIN_WIDTHS = {0, 0.05, 0.1, 2, 25};
    private static final int[] CAPS = {1, 2, 3, 7, 20, 60, RenderOptions.DEFAULT_MAX_FRAMES};

    @Test
    void framesAreThoseOfTheLayoutOverEveryNode() {
        Random r = new Random(16);
        int compared = 0;
        for (int seed = 0; seed < 200; seed++) {
            DiffTree diff = seed % 3 == 2 ? scaled(seed) : SvgTestSupport.random(seed);
            for (WidthMode mode : WidthMode.values()) {
                double minWidth = MIN_WIDTHS[r.nextInt(MIN_WIDTHS.length)];
                int cap = CAPS[r.nextInt(CAPS.length)];
                RenderOptions options = RenderOptions.DEFAULT.withWidthMode(mode).withMinWidth(minWidth).withMaxFrames(cap);
                FlameLayout expected = PerNodeLayout.of(diff, options);
                FlameLayout actual = FlameLayout.of(diff, WidthWeights.of(diff), options);
                assertThat(actual).as("seed %d %s", seed, options).isEqualTo(expected);
                compared += expected.frames().size();
            }
        }
        assertThat(compared).isGreaterThan(10_000);
    }

    @Test
    void wideNodesAreThoseAtTheMinimumWidthAndTheRoot() {
        for (int seed = 0; seed < 100; seed++) {
            DiffTree diff = SvgTestSupport.random(seed);
            WidthWeights weights = WidthWeights.of(diff);
            WideFrames wide = WideFrames.of(diff, weights, 2);
            int expected = 1;
            for (int n = 1; n < diff.size(); n++) {
                double widest = 0;
                for (WidthMode m : WidthMode.values()) {
                    widest = Math.max(widest, weights.share(m, n) * SvgGeometry.PLOT_WIDTH);
                }
                if (widest >= 2) {
                    expected++;
                    assertThat(wide.indexOf(n)).as("seed %d node %d", seed, n).isNotNegative();
                } else {
                    assertThat(wide.indexOf(n)).as("seed %d node %d", seed, n).isNegative();
                }
            }
            assertThat(wide.size()).isEqualTo(expected);
            assertThat(wide.node(0)).isZero();
        }
    }

    /** A random diff normalized to head's total, so that base values are fractions. */
    private static DiffTree scaled(long seed) {
        Random r = new Random(seed);
        String[][] sides = new String[2][];
        for (int s = 0; s < 2; s++) {
            int stacks = 1 + r.nextInt(60);
            sides[s] = new String[stacks];
            for (int i = 0; i < stacks; i++) {
                int depth = 1 + r.nextInt(9);
                StringBuilder sb = new StringBuilder();
                for (int d = 0; d < depth; d++) {
                    sb.append(d == 0 ? "" : ";").append("g").append(r.nextInt(6));
                }
                sb.append(' ').append(r.nextInt(4) == 0 ? 1 + r.nextInt(5000) : 1 + r.nextInt(3));
                sides[s][i] = sb.toString();
            }
        }
        try {
            return Diffs.diff(FoldedProfiles.profile("base.collapsed", ValueType.SAMPLES, sides[0]),
                    FoldedProfiles.profile("head.collapsed", ValueType.SAMPLES, sides[1]),
                    DiffOptions.DEFAULT.withNormalization(Normalization.TOTAL));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
