package dev.flamediff.render.svg;

import dev.flamediff.diff.DiffSignificance;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.NodeStatus;
import dev.flamediff.diff.NoiseModel;
import dev.flamediff.model.FrameKind;

/**
 * The texts of one drawn frame: its name (the first line of the tooltip, which the script reads
 * back for search and labels) and its tooltip, all made safe with {@link SafeText}.
 */
final class FrameText {

    private final DiffTree diff;
    private final ValueFormat values;

    FrameText(DiffTree diff) {
        this.diff = diff;
        this.values = ValueFormat.of(diff.valueType());
    }

    /** Returns the frame's safe display name. */
    String name(PlacedFrame f) {
        if (f.isElided()) {
            return "[" + f.elided() + (f.elided() == 1 ? " narrow frame" : " narrow frames") + "]";
        }
        return SafeText.clean(diff.frame(f.node()).name());
    }

    /** Returns the status of the frame (for an elided frame, of its merged frames together). */
    static NodeStatus status(PlacedFrame f) {
        boolean inBase = f.base() != 0;
        boolean inHead = f.head() != 0;
        if (inBase == inHead) {
            return NodeStatus.COMMON;
        }
        return inHead ? NodeStatus.ADDED : NodeStatus.REMOVED;
    }

    /**
     * Returns the tooltip: the name; the kind; total and self as base → head with the delta, the
     * delta relative to the frame and the impact on the whole base profile; added or removed.
     */
    String tooltip(PlacedFrame f) {
        StringBuilder sb = new StringBuilder(160);
        sb.append(name(f));
        switch (status(f)) {
            case ADDED -> sb.append("\nnew in head: did not run in base");
            case REMOVED -> sb.append("\ngone in head: ran only in base");
            case COMMON -> { }
        }
        if (f.isElided()) {
            sb.append("\nmerged: frames narrower than the minimum width");
        } else {
            sb.append("\nkind: ").append(kindName(diff.frame(f.node()).kind()));
        }
        change(sb, "total", f.base(), f.head());
        if (!f.isElided()) {
            change(sb, "self", f.baseSelf(), f.headSelf());
        }
        double baseTotal = diff.base().total();
        if (baseTotal > 0) {
            sb.append("\nimpact: ").append(values.signedPct((f.head() - f.base()) / baseTotal))
                    .append(" of the base total");
        }
        if (!f.isElided() && (f.base() != f.head() || f.baseSelf() != f.headSelf())) {
            sb.append("\nchange: ");
            if (diff.significance().noiseModel() == NoiseModel.EXACT) {
                sb.append("exact counts, every change is real");
            } else {
                sb.append("total ").append(verdict(diff.significance().significant(f.node()))).append(", own code ")
                        .append(verdict(diff.significance().selfSignificant(f.node())));
                DiffSignificance noise = diff.significance();
                if (!(noise.significant(f.node()) && noise.selfSignificant(f.node())) && !noise.usesRunToRunSpread()) {
                    sb.append(" (record 3 or more runs per side to tell)");
                }
            }
        }
        return sb.toString();
    }

    private void change(StringBuilder sb, String what, double base, double head) {
        sb.append('\n').append(what).append(": ").append(values.format(base)).append(" \u2192 ")
                .append(values.format(head)).append(" (\u0394 ").append(values.signed(head - base));
        if (base != 0) {
            sb.append(", ").append(values.signedPct((head - base) / base)).append(" of the frame");
        } else if (head != 0) {
            sb.append(", new");
        }
        sb.append(')');
    }

    private static String verdict(boolean significant) {
        return significant ? "likely real" : "could be noise";
    }

    /** Returns the kind as people name it. */
    static String kindName(FrameKind kind) {
        return switch (kind) {
            case UNKNOWN -> "unknown";
            case INTERPRETED -> "interpreted";
            case JIT -> "JIT compiled";
            case INLINED -> "inlined";
            case C1 -> "C1 compiled";
            case NATIVE -> "native";
            case CPP -> "C++";
            case KERNEL -> "kernel";
            case THREAD -> "thread";
        };
    }
}
