package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a diff of the fixture program's base and head recordings must show, read from the
 * 3-column output: head's {@code parseRecords} is slower (it calls {@code splitWithRegex} instead
 * of {@code splitWithIndexOf}), its {@code computeChecksum} faster, both under the same names as
 * in base, and {@code compressBlock} is new.
 */
final class FixtureChanges {

    static final String APP = "fixture.FixtureApp.";

    private FixtureChanges() {
    }

    /** Asserts the fixture program's changes on the methods {@code work} calls. */
    static void assertShownBy(ThreeColumn diff) {
        Map<String, ThreeColumn.Values> calls = callees(diff, "work");
        ThreeColumn.Values parse = calls.get("parseRecords");
        assertThat(parse).as("parseRecords under work").isNotNull();
        assertThat(parse.base()).as("parseRecords in base").isPositive();
        assertThat(parse.head()).as("parseRecords in head").isGreaterThan(parse.base());
        // compressBlock is new work and can grow more; of the methods both variants call,
        // parseRecords grew the most and computeChecksum shrank the most.
        Map<String, ThreeColumn.Values> both = new TreeMap<>(calls);
        both.values().removeIf(v -> v.base() == 0 || v.head() == 0);
        assertThat(both.entrySet().stream().max(Map.Entry.comparingByValue(byDelta())).orElseThrow().getKey())
                .isEqualTo("parseRecords");
        assertThat(calls.entrySet().stream().min(Map.Entry.comparingByValue(byDelta())).orElseThrow().getKey())
                .isEqualTo("computeChecksum");
        assertThat(calls.get("computeChecksum").head()).isPositive();
        assertThat(calls.get("compressBlock")).satisfies(v -> {
            assertThat(v.base()).isZero();
            assertThat(v.head()).isPositive();
        });
        Map<String, ThreeColumn.Values> parsing = callees(diff, "parseRecords");
        assertThat(parsing.get("splitWithRegex").base()).isZero();
        assertThat(parsing.get("splitWithIndexOf").head()).isZero();
    }

    /** Per FixtureApp method called by the given one, over frame kinds (suffixes like _[j]). */
    static Map<String, ThreeColumn.Values> callees(ThreeColumn diff, String method) {
        Map<String, ThreeColumn.Values> out = new TreeMap<>();
        for (String kind : new String[] {"", "_[j]", "_[i]", "_[0]", "_[1]"}) {
            diff.callees(APP + method + kind).forEach((name, v) -> {
                String plain = name.replaceFirst("_\\[.]$", "");
                if (plain.startsWith(APP)) {
                    out.merge(plain.substring(APP.length()), v,
                            (a, b) -> new ThreeColumn.Values(a.base() + b.base(), a.head() + b.head()));
                }
            });
        }
        return out;
    }

    private static Comparator<ThreeColumn.Values> byDelta() {
        return Comparator.comparingDouble(ThreeColumn.Values::delta);
    }
}
