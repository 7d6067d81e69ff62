package dev.flamediff.render.svg;

import dev.flamediff.diff.NodeStatus;
import dev.flamediff.render.RenderOptions.Palette;

/**
 * The fill colors of frames: a diverging scale from a neutral gray to the palette's regression
 * color (head bigger) or improvement color (head smaller), and one color each for frames only in
 * head (added) and only in base (removed). Colors depend only on the values, never on a hash or
 * on order, so the same diff always gets the same colors.
 *
 * <p>Frames only in head are on the regression side of the scale and frames only in base on the
 * improvement side, filled by their cost: {@code sqrt(value / (NEW_FULL × profile total))}, full
 * from {@value #NEW_FULL} of the profile, at least {@value #NEW_MIN}. New code is a cost like any
 * other slowdown; a separate hue read as good news. Their outline (solid for new, dashed for gone)
 * and the tooltip tell them apart from changed frames.
 *
 * <p>The intensity is the change relative to the frame, |head - base| / max(base, head), which is
 * at most 1, raised to the power 1/2 so that a 10% change is already clearly tinted (0.32 of the
 * full color) while the ordering of changes is kept. A change the diff engine finds within the
 * noise keeps only {@value #NOISE_DIM} of its intensity: its direction still shows, but it no
 * longer draws the eye.
 */
final class DiffColors {

    /** The color of a frame that did not change. */
    static final int NEUTRAL = 0xe6e6e6;

    /** The share of its intensity a change within the noise keeps. */
    static final double NOISE_DIM = 0.3;

    private final int regression;
    private final int improvement;
    private DiffColors(int regression, int improvement) {
        this.regression = regression;
        this.improvement = improvement;
    }

    /** Returns the colors of a palette. */
    static DiffColors of(Palette palette) {
        return switch (palette) {
            // ColorBrewer RdBu ends.
            case RED_BLUE -> new DiffColors(0xcb181d, 0x2171b5);
            // ColorBrewer PuOr ends, safe for protanopia, deuteranopia and tritanopia.
            case COLOR_BLIND -> new DiffColors(0xe66101, 0x5e3c99);
        };
    }

    /** Returns the color of a fully regressed (head only) change: the scale's red end. */
    int regression() {
        return regression;
    }

    /** Returns the improvement end of the scale. */
    int improvement() {
        return improvement;
    }

    /** The share of the whole profile from which a new or vanished frame gets the full color. */
    static final double NEW_FULL = 0.05;

    /** The least intensity of a new or vanished frame, so that a small one still shows its side. */
    static final double NEW_MIN = 0.25;

    /**
     * Returns the fill of a frame with the given status whose colored quantity went from
     * {@code before} to {@code after}, drawn at {@code strength} (0..1) of its intensity;
     * {@code total} is the whole profile's value, which new and vanished frames are measured
     * against. A change that is not {@code significant} is dimmed.
     */
    int fill(NodeStatus status, double before, double after, boolean significant, double strength, double total) {
        double intensity;
        int end;
        switch (status) {
            case ADDED, REMOVED -> {
                double cost = Math.abs(after - before);
                intensity = total > 0 ? Math.max(NEW_MIN, Math.sqrt(Math.min(1, cost / (NEW_FULL * total)))) : 1;
                end = status == NodeStatus.ADDED ? regression : improvement;
            }
            default -> {
                double max = Math.max(Math.abs(before), Math.abs(after));
                if (!(max > 0) || before == after) {
                    return NEUTRAL;
                }
                intensity = Math.min(1, Math.sqrt(Math.abs(after - before) / max));
                end = after > before ? regression : improvement;
            }
        }
        return mix(NEUTRAL, end, intensity * strength * (significant ? 1 : NOISE_DIM));
    }

    /** Returns the diverging-scale color of a change from {@code before} to {@code after}. */
    int scale(double before, double after, boolean significant) {
        double max = Math.max(Math.abs(before), Math.abs(after));
        if (!(max > 0) || before == after) {
            return NEUTRAL;
        }
        double intensity = Math.min(1, Math.sqrt(Math.abs(after - before) / max));
        return mix(NEUTRAL, after > before ? regression : improvement, significant ? intensity : intensity * NOISE_DIM);
    }

    /** Returns the color at {@code t} (0..1) of the way from {@code from} to {@code to}. */
    static int mix(int from, int to, double t) {
        int r = channel(from >> 16, to >> 16, t);
        int g = channel(from >> 8, to >> 8, t);
        int b = channel(from, to, t);
        return (r << 16) | (g << 8) | b;
    }

    private static int channel(int from, int to, double t) {
        int a = from & 0xff;
        int b = to & 0xff;
        return (int) Math.round(a + (b - a) * t);
    }

    /** Returns the color as {@code #rrggbb}. */
    static String hex(int rgb) {
        String s = Integer.toHexString(rgb | 0x1000000);
        return "#" + s.substring(1);
    }

    /**
     * Returns whether white text reads better than black on the fill: when the fill's WCAG
     * relative luminance is below 0.179, where both contrasts are equal.
     */
    static boolean needsWhiteText(int rgb) {
        double l = 0.2126 * linear(rgb >> 16) + 0.7152 * linear(rgb >> 8) + 0.0722 * linear(rgb);
        return l < 0.179;
    }

    private static double linear(int channel) {
        double c = (channel & 0xff) / 255.0;
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }
}
