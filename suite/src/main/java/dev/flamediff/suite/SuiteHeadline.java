package dev.flamediff.suite;

import java.util.ArrayList;
import java.util.List;

/** The report's first line: how many benchmarks changed, and how, and the gate. */
final class SuiteHeadline {

    private SuiteHeadline() {
    }

    /** Returns the counts in words: {@code 2 of 3 benchmarks changed: 1 slower, 1 faster}. */
    static String counts(SuiteReport report) {
        int scored = report.scored().size();
        int slower = report.with(Verdict.SLOWER).size();
        int faster = report.with(Verdict.FASTER).size();
        StringBuilder s = new StringBuilder();
        if (slower + faster == 0) {
            s.append(scored == 0 ? "no benchmark with scores on both sides"
                    : "no change in " + SuiteMarkdownWriter.count(scored));
        } else {
            s.append(slower + faster).append(" of ").append(SuiteMarkdownWriter.count(scored)).append(" changed: ");
            List<String> parts = new ArrayList<>();
            if (slower > 0) {
                parts.add(slower + " slower");
            }
            if (faster > 0) {
                parts.add(faster + " faster");
            }
            s.append(String.join(", ", parts));
        }
        return s.toString();
    }

    /** Returns the other counts, each a short phrase: not measurable, added, removed, profiles only. */
    static List<String> others(SuiteReport report) {
        List<String> parts = new ArrayList<>();
        int inconclusive = report.with(Verdict.INCONCLUSIVE).size();
        if (inconclusive > 0) {
            parts.add(inconclusive + " inconclusive (moved, not significant)");
        }
        int unmeasured = report.with(Verdict.NOT_MEASURABLE).size();
        if (unmeasured > 0) {
            parts.add(unmeasured + " not measurable with 1 fork");
        }
        if (!report.with(Verdict.ADDED).isEmpty()) {
            parts.add(report.with(Verdict.ADDED).size() + " added");
        }
        if (!report.with(Verdict.REMOVED).isEmpty()) {
            parts.add(report.with(Verdict.REMOVED).size() + " removed");
        }
        if (!report.with(Verdict.PROFILE_ONLY).isEmpty()) {
            int n = report.with(Verdict.PROFILE_ONLY).size();
            parts.add(n + (n == 1 ? " profile pair" : " profile pairs") + " without scores");
        }
        return parts;
    }

    /** Returns the Markdown headline. */
    static String markdown(SuiteReport report) {
        StringBuilder s = new StringBuilder("**flamediff suite** \u00b7 **").append(counts(report)).append("**");
        for (String part : others(report)) {
            s.append(" \u00b7 ").append(part);
        }
        if (report.gateEnabled()) {
            s.append(report.gateFailed() ? " \u00b7 gate: **failed**" : " \u00b7 gate: passed");
        }
        return s.toString();
    }

    /** Returns the plain headline for a terminal. */
    static String plain(SuiteReport report) {
        StringBuilder s = new StringBuilder(counts(report));
        for (String part : others(report)) {
            s.append("; ").append(part);
        }
        if (report.gateEnabled()) {
            s.append(report.gateFailed() ? "; gate failed" : "; gate passed");
        }
        return s.toString();
    }
}
