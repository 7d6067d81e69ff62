package dev.flamediff.render.svg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.NodeStatus;
import dev.flamediff.model.ValueType;
import dev.flamediff.render.RenderOptions.Palette;
import org.junit.jupiter.api.Test;

/** Colors, number formats and label fitting. */
class SvgHelpersTest {

    private final DiffColors colors = DiffColors.of(Palette.RED_BLUE);

    @Test
    void intensityGrowsWithTheRelativeChangeAndIsCapped() {
        int small = colors.scale(100, 105, true);
        int big = colors.scale(100, 200, true);
        int huge = colors.scale(100, 100000, true);
        assertThat(colors.scale(100, 100, true)).isEqualTo(DiffColors.NEUTRAL);
        assertThat(distance(small, DiffColors.NEUTRAL)).isLessThan(distance(big, DiffColors.NEUTRAL));
        assertThat(distance(huge, colors.regression())).isLessThan(distance(big, colors.regression()));
        assertThat(colors.scale(0, 5, true)).isEqualTo(colors.regression());
        assertThat(colors.scale(200, 100, true)).isEqualTo(DiffColors.mix(DiffColors.NEUTRAL, colors.improvement(), Math.sqrt(0.5)));
        assertThat(colors.fill(NodeStatus.ADDED, 0, 10, true)).isEqualTo(colors.added());
        assertThat(colors.fill(NodeStatus.REMOVED, 10, 0, true)).isEqualTo(colors.removed());
    }

    @Test
    void changesWithinTheNoiseAreDimmedButKeepTheirDirection() {
        int loud = colors.scale(100, 200, true);
        int quiet = colors.scale(100, 200, false);
        assertThat(distance(quiet, DiffColors.NEUTRAL)).isLessThan(distance(loud, DiffColors.NEUTRAL) / 2);
        assertThat((quiet >> 16 & 255)).isGreaterThan(quiet & 255);
        assertThat(colors.fill(NodeStatus.ADDED, 0, 1, false)).isNotEqualTo(colors.added());
    }

    @Test
    void palettesUseDistinctColorsForEveryCategory() {
        for (Palette p : Palette.values()) {
            DiffColors c = DiffColors.of(p);
            assertThat(java.util.Set.of(c.regression(), c.improvement(), c.added(), c.removed(), DiffColors.NEUTRAL))
                    .as(p.name()).hasSize(5);
        }
    }

    @Test
    void labelColorFollowsLuminance() {
        assertThat(DiffColors.needsWhiteText(0x000000)).isTrue();
        assertThat(DiffColors.needsWhiteText(0xffffff)).isFalse();
        assertThat(DiffColors.needsWhiteText(DiffColors.NEUTRAL)).isFalse();
        assertThat(DiffColors.needsWhiteText(colors.regression())).isTrue();
        assertThat(DiffColors.hex(0x0a0b0c)).isEqualTo("#0a0b0c");
    }

    @Test
    void numbersAreLocaleIndependent() {
        assertThat(ValueFormat.compact(12)).isEqualTo("12");
        assertThat(ValueFormat.compact(1.0 / 3)).isEqualTo("0.333333");
        assertThat(ValueFormat.compact(123456.789)).isEqualTo("123457");
        assertThat(ValueFormat.px(12345)).isEqualTo("123.45");
        assertThat(ValueFormat.px(12340)).isEqualTo("123.4");
        assertThat(ValueFormat.px(12305)).isEqualTo("123.05");
        assertThat(ValueFormat.px(1000)).isEqualTo("10");
        assertThat(ValueFormat.number(1234567)).isEqualTo("1,234,567");
        assertThat(ValueFormat.number(2.5)).isEqualTo("2.5");
        assertThat(ValueFormat.signedPercent(0.1234)).isEqualTo("+12.34%");
        assertThat(ValueFormat.signedPercent(-0.5)).isEqualTo("\u221250.00%");
        assertThat(ValueFormat.of(ValueType.WALL_NANOS).signed(-1_500_000)).isEqualTo("\u22121.5 ms");
        assertThat(ValueFormat.of(new ValueType("x", "widgets")).format(3)).isEqualTo("3 widgets");
    }

    @Test
    void labelsFitLikeFlamegraphPl() {
        assertThat(SafeText.fit("java.lang.Thread.run", 500)).isEqualTo("java.lang.Thread.run");
        assertThat(SafeText.fit("java.lang.Thread.run", 6 + 7.08 * 6)).isEqualTo("java..");
        assertThat(SafeText.fit("java.lang.Thread.run", 20)).isEmpty();
        assertThat(SafeText.clean("plain")).isSameAs("plain");
    }

    private static double distance(int a, int b) {
        int dr = ((a >> 16) & 255) - ((b >> 16) & 255);
        int dg = ((a >> 8) & 255) - ((b >> 8) & 255);
        int db = (a & 255) - (b & 255);
        return Math.sqrt(dr * dr + dg * dg + db * db);
    }
}
