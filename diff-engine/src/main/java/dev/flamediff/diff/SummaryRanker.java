package dev.flamediff.diff;

import dev.flamediff.model.Frame;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Ranks a diff's frames and paths and judges its gate, the parts of the summary (see
 * {@code DiffSummary} for what is ranked and why).
 */
final class SummaryRanker {

    /** A path is replaced by its child when the child carries at least this share of its change. */
    private static final double CARRIED_BY_CHILD = 0.8;

    private final DiffTree diff;
    private final int limit;
    private final double profileBase;

    SummaryRanker(DiffTree diff, int limit) {
        this.diff = diff;
        this.limit = limit;
        this.profileBase = diff.base().total();
    }

    /** Returns the whole profile's change. */
    OverallChange overall() {
        return new OverallChange(diff.baseTotal(0), diff.headTotal(0),
                diff.significance().score(0), diff.significance().pValue(0), diff.significance().significant(0),
                diff.baseRuns(), diff.headRuns(), diff.significance().baseVariation(), diff.significance().headVariation());
    }

    /** Returns how many frames changed their self value without the change being significant. */
    static int belowNoise(List<SummaryEntry> frames) {
        return (int) frames.stream().filter(e -> !e.significant() && e.delta() != 0).count();
    }

    /** Returns the frames with the largest self changes that are not significant, largest impact first. */
    List<SummaryEntry> withinNoise(List<SummaryEntry> frames) {
        return frames.stream().filter(e -> !e.significant() && e.delta() != 0)
                .sorted(Comparator.comparingDouble((SummaryEntry e) -> -Math.abs(e.impact()))
                        .thenComparing(e -> e.frame()))
                .limit(limit).toList();
    }

    /** Returns the culprits of one direction, largest impact first. */
    List<Culprit> culprits(List<Culprit> culprits, boolean regressions) {
        return culprits.stream().filter(c -> c.regression() == regressions).limit(limit).toList();
    }

    /** Every frame with self values, summed over its paths and tested as one change. */
    List<SummaryEntry> framesBySelf() {
        Map<Frame, List<Integer>> nodesByFrame = new LinkedHashMap<>();
        for (int n = 1; n < diff.size(); n++) {
            DiffInterrupts.checkEvery(n);
            if (diff.baseSelf(n) != 0 || diff.headSelf(n) != 0) {
                nodesByFrame.computeIfAbsent(diff.frame(n), f -> new ArrayList<>()).add(n);
            }
        }
        int count = nodesByFrame.size();
        Frame[] frames = new Frame[count];
        double[] base = new double[count];
        double[] head = new double[count];
        double[] score = new double[count];
        double[] p = new double[count];
        double[] family = new double[count];
        int i = 0;
        SelfSumTests selfSums = diff.nodeSignificance().selfSums();
        for (Map.Entry<Frame, List<Integer>> e : nodesByFrame.entrySet()) {
            DiffInterrupts.checkEvery(i);
            int[] nodes = e.getValue().stream().mapToInt(Integer::intValue).toArray();
            frames[i] = e.getKey();
            for (int n : nodes) {
                base[i] += diff.baseSelf(n);
                head[i] += diff.headSelf(n);
            }
            ChangeTester.Outcome outcome = selfSums.test(nodes);
            score[i] = outcome.score();
            p[i] = outcome.pValue();
            family[i] = selfSums.tested(nodes) ? p[i] : Double.NaN;
            i++;
        }
        // The frame sums are a family of their own, adjusted like the node tests (and, like
        // them, without the sums too small to ever reach significance).
        double[] q = DiffInterrupts.adjust(family);
        List<SummaryEntry> out = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            boolean significant = q[k] <= diff.significance().level();
            out.add(new SummaryEntry(frames[k], List.of(), base[k], head[k], profileBase, score[k],
                    Double.isNaN(p[k]) ? 1 : p[k], significant));
        }
        return out;
    }

    /** Significant path totals, except those whose change one child carries. */
    List<SummaryEntry> pathsByTotal() {
        List<SummaryEntry> out = new ArrayList<>();
        for (int n = 1; n < diff.size(); n++) {
            DiffInterrupts.checkEvery(n);
            double delta = diff.totalDelta(n);
            if (!diff.significance().significant(n) || delta == 0 || carriedByChild(n, delta)) {
                continue;
            }
            out.add(pathEntry(n, diff.baseTotal(n), diff.headTotal(n)));
        }
        return out;
    }

    private boolean carriedByChild(int node, double delta) {
        for (int c = diff.firstChild(node); c >= 0; c = diff.nextSibling(c)) {
            if (diff.significance().significant(c) && diff.totalDelta(c) / delta >= CARRIED_BY_CHILD) {
                return true;
            }
        }
        return false;
    }

    private SummaryEntry pathEntry(int n, double base, double head) {
        return new SummaryEntry(diff.frame(n), Arrays.asList(diff.path(n)), base, head, profileBase,
                diff.significance().score(n), diff.significance().pValue(n), diff.significance().significant(n));
    }

    /** The topmost significant nodes only in head (ADDED) or only in base (REMOVED). */
    List<SummaryEntry> oneSided(NodeStatus status) {
        List<SummaryEntry> out = new ArrayList<>();
        for (int n = 1; n < diff.size(); n++) {
            if (diff.status(n) == status && diff.significance().significant(n) && diff.status(diff.parent(n)) != status) {
                out.add(pathEntry(n, diff.baseTotal(n), diff.headTotal(n)));
            }
        }
        out.sort(Comparator.comparingDouble((SummaryEntry e) -> -Math.abs(e.delta())));
        return out.subList(0, Math.min(limit, out.size()));
    }

    List<SummaryEntry> top(List<SummaryEntry> entries, boolean regressions) {
        return entries.stream()
                .filter(SummaryEntry::significant)
                .filter(e -> regressions ? e.delta() > 0 : e.delta() < 0)
                .sorted(Comparator.comparingDouble((SummaryEntry e) -> -Math.abs(e.impact()))
                        .thenComparing(e -> e.frame()))
                .limit(limit)
                .toList();
    }

    /** Counts only significant changes, so noise alone never fails the gate. */
    GateVerdict judge(OverallChange overall, List<Culprit> culprits) {
        GateThresholds gate = diff.gate();
        List<String> reasons = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        if (gate.wholeProfile().isPresent() && !gate.fixedWork() && diff.significance().noiseModel() != NoiseModel.EXACT) {
            notes.add("the whole-profile threshold was not judged: the sampled totals of two recordings say "
                    + "how much CPU each run got, not how much work it did, unless both runs did the same work");
        } else if (gate.wholeProfile().isPresent()) {
            double limitValue = gate.wholeProfile().getAsDouble();
            double relative = overall.relative();
            if (overall.significant() && relative > limitValue) {
                reasons.add(String.format(Locale.ROOT,
                        "the whole profile grew %s (threshold %s, %s)",
                        percent(relative), threshold(limitValue), evidence(overall.pValue())));
            }
        }
        if (gate.anyFrame().isPresent()) {
            double limitValue = gate.anyFrame().getAsDouble();
            culprits.stream()
                    .filter(c -> c.impact() > limitValue)
                    .forEach(c -> reasons.add(String.format(Locale.ROOT,
                            "%s grew by %s of the whole profile (threshold %s, %s)%s",
                            c.function().frame().name(), percent(c.impact()), threshold(limitValue),
                            evidence(c.pValue()), spentIn(c, ChangeWords.of(diff.valueType())))));
        }
        return new GateVerdict(gate.enabled(), reasons, notes);
    }

    /** "p = 0.0012", or for exact values (where every change is real) "exact counts". */
    private String evidence(double p) {
        return diff.significance().noiseModel() == NoiseModel.EXACT ? "exact counts" : "p = " + pValue(p);
    }

    /** ", now spent in X (new) and Y": the culprit's callees that changed its way. */
    private static String spentIn(Culprit c, ChangeWords words) {
        List<String> names = c.callees().stream()
                .filter(e -> Math.signum(e.delta()) == Math.signum(c.delta()))
                .limit(2)
                .map(e -> e.frame().name() + (e.isNew() ? " (new)" : ""))
                .toList();
        return names.isEmpty() ? "" : ", " + words.in(c.delta() > 0) + " " + String.join(" and ", names);
    }

    static String percent(double fraction) {
        return String.format(Locale.ROOT, "%+.2f%%", 100 * fraction);
    }

    private static String threshold(double fraction) {
        return String.format(Locale.ROOT, "%.2f%%", 100 * fraction);
    }

    static String pValue(double p) {
        return p < 1e-4 ? String.format(Locale.ROOT, "%.1e", p) : String.format(Locale.ROOT, "%.4f", p);
    }
}
