package dev.flamediff.render.svg;

import dev.flamediff.diff.CalleeChange;
import dev.flamediff.diff.Culprit;
import dev.flamediff.diff.DiffSide;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.NoiseModel;
import dev.flamediff.diff.RunVariation;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.render.CulpritCallees;
import dev.flamediff.render.DominantCaller;
import dev.flamediff.render.FrameShortNames;
import dev.flamediff.render.RenderOptions;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The title, subtitle and warning lines above the graph, made safe with {@link SafeText}. */
final class HeaderText {

    /** The title when the options give none. */
    static final String DEFAULT_TITLE = "Differential flame graph";

    private static final int LISTED_RUNS = 3;
    /** The characters of the culprit line that fit the header's width in its bold type. */
    private static final int CULPRIT_LINE_CHARS = 150;
    /** The least of the culprit's name the line keeps. */
    private static final int MIN_NAME_CHARS = 24;
    /** The width the culprit line gives its callee's name. */
    private static final int CALLEE_PX = 190;

    private HeaderText() {
    }

    /** Returns the title. */
    static String title(RenderOptions options) {
        return SafeText.clean(options.title().filter(t -> !t.isBlank()).orElse(DEFAULT_TITLE));
    }

    /**
     * Returns the line naming the top culprit, the function the graph opens on: where the change
     * starts, its impact on the whole profile with its callees, where that went (its first callee,
     * and how many more), and on how many call paths its frames are outlined. The line fits the
     * 1,200-pixel header: the culprit's name, cut on the left, gets what the rest leaves.
     */
    static String culprit(DiffTree diff, Culprit c, int paths) {
        dev.flamediff.diff.ChangeWords words = dev.flamediff.diff.ChangeWords.of(diff.valueType());
        List<CalleeChange> callees = CulpritCallees.carrying(c, diff.functions().culprits(), 3);
        String where;
        if (callees.isEmpty()) {
            where = ", in its own code";
        } else {
            CalleeChange k = callees.get(0);
            where = ", " + words.in(c.regression()) + " " + SafeText.fit(shortName(k.frame().name()), CALLEE_PX)
                    + (k.isNew() ? " (new)" : k.isGone() ? " (gone)" : "") + (callees.size() > 1 ? " and " + (callees.size() - 1) + " more" : "");
        }
        // As the Markdown headline says it: the one caller a shared helper's change came from.
        where += DominantCaller.of(diff, c.function().frame())
                .map(d -> ", on its calls from " + SafeText.fit(shortName(d.caller().name()), CALLEE_PX)
                        + " (1 of " + d.callers() + " callers)")
                .orElse("");
        String prefix = words.of(c.regression(), true) + " here: ";
        String impact = " " + ValueFormat.signedPercent(c.impact()) + " of the profile";
        String outlined = " \u00b7 " + paths + (paths == 1 ? " path, outlined" : " paths, all outlined");
        int room = Math.max(MIN_NAME_CHARS,
                CULPRIT_LINE_CHARS - prefix.length() - impact.length() - where.length() - outlined.length());
        // A Java method by its full name, cut from the left if it must be; a JavaScript function by
        // its name and file, which a cut from the left had reduced to its path.
        String full = c.function().frame().name();
        String name = SafeText.fit(FrameShortNames.isJavaScript(full) ? FrameShortNames.of(full) : full,
                room * SvgGeometry.CHAR_WIDTH + 6);
        return SafeText.clean(prefix + name + impact + where + outlined);
    }

    /** A Java method's class and name ({@code Pattern.compile}), anything else as {@link FrameShortNames} has it. */
    static String shortName(String name) {
        return FrameShortNames.of(name);
    }

    /** Returns the line naming the inputs: {@code base: a.jfr → head: b.jfr}. */
    static String inputs(DiffTree diff) {
        return SafeText.clean("base: " + runs(diff.base()) + "  \u2192  head: " + runs(diff.head()));
    }

    /**
     * Returns the line with what was measured, the totals with their change and the normalization
     * (the width mode is on the control bar, which the script keeps current).
     */
    static String measures(DiffTree diff, RenderOptions options) {
        ValueFormat values = ValueFormat.of(diff.valueType());
        double b = diff.base().total();
        double h = diff.head().total();
        StringBuilder sb = new StringBuilder();
        sb.append(diff.valueType());
        Set<String> events = new LinkedHashSet<>();
        for (DiffSide side : List.of(diff.base(), diff.head())) {
            for (ProfileMetadata m : side.runs()) {
                if (!m.event().isEmpty()) {
                    events.add(m.event());
                }
            }
        }
        if (!events.isEmpty()) {
            sb.append(" (event ").append(String.join(", ", events)).append(')');
        }
        sb.append("  \u00b7  total ").append(values.format(b)).append(" \u2192 ").append(values.format(h));
        if (b != 0) {
            sb.append(" (").append(ValueFormat.signedPercent((h - b) / b)).append(')');
        }
        sb.append("  \u00b7  normalization: ").append(diff.normalization().describe());
        return SafeText.clean(sb.toString());
    }

    /** Returns the line saying, in plain words, what bright and pale colours mean for this diff. */
    static String noise(DiffTree diff) {
        if (diff.significance().noiseModel() == NoiseModel.EXACT) {
            return "Exact counts: every change is real; the stronger the colour, the larger the change.";
        }
        if (diff.significance().usesRunToRunSpread()) {
            return "Strong colours: likely real changes. Pale: could be noise (" + diff.baseRuns() + " base and "
                    + diff.headRuns() + " head runs compared).";
        }
        return "Strong colours: likely real changes. Pale: could be noise; record 3 or more runs per side to tell.";
    }

    /** Returns how the changes were tested, for the "how this was tested" line. */
    static String method(DiffTree diff) {
        String runs = diff.significance().usesRunToRunSpread()
                ? "run-to-run spread of " + diff.baseRuns() + " base and " + diff.headRuns() + " head runs"
                : diff.significance().noiseModel().describe() + oneRunVariation(diff);
        return "How this was tested: " + runs + "; false discovery rate "
                + ValueFormat.number(diff.significance().level() * 100) + "% over all frames.";
    }

    /** Returns how the one-run tests' run-to-run variation was chosen, or "" for exact values. */
    private static String oneRunVariation(DiffTree diff) {
        if (diff.significance().noiseModel() == NoiseModel.EXACT) {
            return "";
        }
        RunVariation c = diff.significance().runVariationDetails();
        String how = switch (c.source()) {
            case FIXED -> "assumed";
            case ESTIMATED -> "measured on " + c.nodes() + " paths";
            case FLOOR -> "floor, measured " + ValueFormat.number(c.estimate() * 100) + "%";
            case CEILING -> "ceiling, measured " + ValueFormat.number(c.estimate() * 100) + "%";
            case FALLBACK -> "assumed, too few paths to measure";
        };
        return " + " + ValueFormat.number(c.value() * 100) + "% run-to-run variation (" + how + ")";
    }

    /**
     * Returns the warning line (truncated or approximate inputs, frames merged to respect the
     * frame cap), or an empty string when none.
     */
    static String warnings(DiffTree diff, RenderOptions options, double minWidthUsed) {
        List<String> w = new ArrayList<>();
        warn(w, "base", diff.base());
        warn(w, "head", diff.head());
        if (minWidthUsed > options.minWidth()) {
            w.add("frames narrower than " + ValueFormat.number(minWidthUsed) + " px merged to stay within "
                    + options.maxFrames() + " frames");
        }
        return w.isEmpty() ? "" : "warning: " + String.join("; ", w);
    }

    private static void warn(List<String> out, String name, DiffSide side) {
        if (side.truncated()) {
            out.add(name + " is truncated (only part of the input was read)");
        }
        if (side.approximate()) {
            out.add(name + " is approximate (stacks were reconstructed, not recorded)");
        }
    }

    private static String runs(DiffSide side) {
        List<ProfileMetadata> runs = side.runs();
        if (runs.size() == 1) {
            return runs.get(0).source();
        }
        StringBuilder sb = new StringBuilder().append(runs.size()).append(" runs (");
        for (int i = 0; i < Math.min(LISTED_RUNS, runs.size()); i++) {
            sb.append(i == 0 ? "" : ", ").append(runs.get(i).source());
        }
        return sb.append(runs.size() > LISTED_RUNS ? ", \u2026)" : ")").toString();
    }
}
