package dev.flamediff.cli;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.RenderOptions.ColorBy;
import dev.flamediff.render.RenderOptions.Palette;
import dev.flamediff.render.RenderOptions.WidthMode;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.OptionSpec;

/** The flags that shape the graph, and how frames are matched for it. */
final class GraphOptions {

    private final OptionSpec widthMode;
    private final OptionSpec colorBy;
    private final OptionSpec palette;
    private final OptionSpec flame;
    private final OptionSpec inverted;
    private final OptionSpec reverse;
    private final OptionSpec maxFrames;
    private final OptionSpec exactFrameKinds;

    /** Declares the flags on the command, in this order. */
    GraphOptions(Flags flags) {
        widthMode = flags.add(Flags.valued("MODE", WidthMode.class, "--width-mode")
                .converters(new WidthModeConverter())
                .description("what a frame's width shows: larger (default: the larger of base and head, so removed "
                        + "and added frames stay visible; also called union), head, base, sum (base + head), "
                        + "changed (only the part that changed; also called changes)"));
        colorBy = flags.add(Flags.valued("DELTA", ColorBy.class, "--color-by").converters(new ColorByConverter())
                .description("which change colors a frame: total (default, inclusive) or self"));
        palette = flags.add(Flags.valued("NAME", Palette.class, "--palette").converters(new PaletteConverter())
                .description("red-blue (default) or color-blind (orange regressions, purple improvements)"));
        flame = flags.add(Flags.onOff("--flame")
                .description("draw a flame graph, roots at the bottom (default: an icicle, roots at the top, "
                        + "so the first screen holds the root however deep the stacks go)"));
        // The icicle's old flag, kept so that existing scripts still run; the icicle is the default now.
        inverted = flags.add(Flags.onOff("--inverted").hidden(true));
        reverse = flags.add(Flags.onOff("--reverse")
                .description("draw every stack reversed (leaf first): hot leaf functions at the root, their callers "
                        + "merged above them; the summary, function list, culprits and gate still judge the stacks "
                        + "as recorded"));
        maxFrames = flags.add(Flags.valued("N", Integer.class, "--max-frames")
                .description("draw at most N frames; narrower ones are merged; default "
                        + RenderOptions.DEFAULT_MAX_FRAMES));
        exactFrameKinds = flags.add(Flags.onOff("--exact-frame-kinds")
                .description("match frames on name and kind (interpreted, JIT, inlined...) instead of name "
                        + "alone; always on for collapsed output, which matches lines as difffolded.pl does"));
    }

    /** Returns the render options with these flags applied. */
    RenderOptions apply(RenderOptions options) throws CliFailure {
        boolean flameGraph = Flags.isOn(flame);
        if (flameGraph && Flags.isOn(inverted)) {
            throw CliFailure.badInput("--flame (roots at the bottom) and --inverted (roots at the top) contradict", null);
        }
        RenderOptions out = options.withWidthMode(orDefault(widthMode, WidthMode.UNION))
                .withColorBy(orDefault(colorBy, ColorBy.TOTAL)).withPalette(orDefault(palette, Palette.RED_BLUE))
                .withInverted(!flameGraph);
        Integer frames = maxFrames.getValue();
        if (frames != null) {
            if (frames <= 0) {
                throw CliFailure.badInput("--max-frames must be a positive number, not " + frames, null);
            }
            out = out.withMaxFrames(frames);
        }
        return out;
    }

    /** Returns the diff options with frame matching set: exact with the flag or when the output needs it. */
    DiffOptions apply(DiffOptions options, OutputTarget target) {
        return options.withExactFrameKinds(Flags.isOn(exactFrameKinds) || target.renderer().needsExactFrameKinds())
                .withReversedStacks(Flags.isOn(reverse));
    }

    private static <T> T orDefault(OptionSpec option, T byDefault) {
        T value = option.getValue();
        return value != null ? value : byDefault;
    }

    private static String constant(String value) {
        return value.trim().replace('-', '_').toUpperCase(Locale.ROOT);
    }

    static final class WidthModeConverter implements ITypeConverter<WidthMode> {
        @Override
        public WidthMode convert(String value) {
            // The graph names the modes in words; the enum keeps the names the URL state uses.
            return switch (constant(value)) {
                case "LARGER" -> WidthMode.UNION;
                case "CHANGED" -> WidthMode.CHANGES;
                default -> WidthMode.valueOf(constant(value));
            };
        }
    }

    static final class ColorByConverter implements ITypeConverter<ColorBy> {
        @Override
        public ColorBy convert(String value) {
            return ColorBy.valueOf(constant(value));
        }
    }

    static final class PaletteConverter implements ITypeConverter<Palette> {
        @Override
        public Palette convert(String value) {
            return Palette.valueOf(constant(value));
        }
    }
}
