package dev.flamediff.cli;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.RenderOptions.ColorBy;
import dev.flamediff.render.RenderOptions.Palette;
import dev.flamediff.render.RenderOptions.WidthMode;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;

/** The flags that shape the graph, and how frames are matched for it. */
// Not a command: the annotation only spares picocli a search of its methods for subcommands.
@Command(addMethodSubcommands = false)
final class GraphOptions {

    @Option(names = "--width-mode", paramLabel = "MODE", converter = WidthModeConverter.class,
            description = "what a frame's width shows: larger (default: the larger of base and head, so removed "
                    + "and added frames stay visible; also called union), head, base, sum (base + head), "
                    + "changed (only the part that changed; also called changes)")
    private WidthMode widthMode = WidthMode.UNION;

    @Option(names = "--color-by", paramLabel = "DELTA", converter = ColorByConverter.class,
            description = "which change colors a frame: total (default, inclusive) or self")
    private ColorBy colorBy = ColorBy.TOTAL;

    @Option(names = "--palette", paramLabel = "NAME", converter = PaletteConverter.class,
            description = "red-blue (default) or color-blind (orange regressions, purple improvements)")
    private Palette palette = Palette.RED_BLUE;

    @Option(names = "--flame",
            description = "draw a flame graph, roots at the bottom (default: an icicle, roots at the top, "
                    + "so the first screen holds the root however deep the stacks go)")
    private boolean flame;

    /** The icicle's old flag, kept so that existing scripts still run; the icicle is the default now. */
    @Option(names = "--inverted", hidden = true)
    private boolean inverted;

    @Option(names = "--reverse",
            description = "draw every stack reversed (leaf first): hot leaf functions at the root, their callers "
                    + "merged above them; the summary, function list, culprits and gate still judge the stacks "
                    + "as recorded")
    private boolean reverse;

    @Option(names = "--max-frames", paramLabel = "N",
            description = "draw at most N frames; narrower ones are merged; default "
                    + RenderOptions.DEFAULT_MAX_FRAMES)
    private Integer maxFrames;

    @Option(names = "--exact-frame-kinds",
            description = "match frames on name and kind (interpreted, JIT, inlined...) instead of name "
                    + "alone; always on for collapsed output, which matches lines as difffolded.pl does")
    private boolean exactFrameKinds;

    /** Returns the render options with these flags applied. */
    RenderOptions apply(RenderOptions options) throws CliFailure {
        if (flame && inverted) {
            throw CliFailure.badInput("--flame (roots at the bottom) and --inverted (roots at the top) contradict", null);
        }
        RenderOptions out = options.withWidthMode(widthMode).withColorBy(colorBy).withPalette(palette)
                .withInverted(!flame);
        if (maxFrames != null) {
            if (maxFrames <= 0) {
                throw CliFailure.badInput("--max-frames must be a positive number, not " + maxFrames, null);
            }
            out = out.withMaxFrames(maxFrames);
        }
        return out;
    }

    /** Returns the diff options with frame matching set: exact with the flag or when the output needs it. */
    DiffOptions apply(DiffOptions options, OutputTarget target) {
        return options.withExactFrameKinds(exactFrameKinds || target.renderer().needsExactFrameKinds())
                .withReversedStacks(reverse);
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
