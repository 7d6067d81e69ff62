package dev.flamediff.collect.callgrind;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.model.CallTree;
import dev.flamediff.model.Profile;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Checks every recorded fixture against callgrind's own numbers: the self cost of every function
 * against what callgrind_annotate printed for the same file (committed under expected/), and the
 * tree's total for every event against the sum of self costs and the file's totals: line.
 */
class CallgrindOracleTest {

    @ParameterizedTest
    @ValueSource(strings = {"base", "base-again", "head", "base-sep", "head-sep", "base-instr", "base-jumps",
            "base-cache", "base-codspeed", "base-systime", "threads-01", "threads-02", "paths-base", "paths-head",
            "paths-base-sep", "paths-head-sep"})
    void selfCostsEqualCallgrindAnnotate(String name) throws Exception {
        AnnotateOutput expected = AnnotateOutput.read(CallgrindFixtures.expected(name));
        CallgrindFile file = CallgrindFixtures.parse(name);

        assertThat(file.events()).isEqualTo(expected.events());
        Map<String, long[]> actual = CallgrindFixtures.selfByFunction(file.graph());
        assertThat(actual.keySet()).isEqualTo(expected.selfByFunction().keySet());
        for (Map.Entry<String, long[]> e : expected.selfByFunction().entrySet()) {
            assertThat(actual.get(e.getKey())).as(e.getKey()).containsExactly(e.getValue());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"base", "base-again", "head", "base-sep", "head-sep", "base-instr", "base-jumps",
            "base-cache", "base-combined", "base-mangled", "base-codspeed", "base-systime", "threads-01", "threads-02",
            "paths-base", "paths-head", "paths-base-sep", "paths-head-sep"})
    void treeTotalEqualsSelfCostsAndTotalsForEveryEvent(String name) throws Exception {
        CallgrindFile file = CallgrindFixtures.parse(name);
        Profile profile = CallgrindFixtures.read(name);
        CallTree tree = profile.tree();

        assertThat(tree.valueTypes()).hasSize(file.events().size());
        for (int v = 0; v < tree.valueTypes().size(); v++) {
            int e = file.events().indexOf(tree.valueTypes().get(v).kind());
            assertThat(tree.total(v, 0)).as(tree.valueTypes().get(v).toString()).isEqualTo(file.selfTotals()[e]);
        }
        // callgrind's totals: lines agree with the parsed self costs on these recordings ...
        assertThat(file.totals()).containsExactly(file.selfTotals());
        assertThat(profile.metadata().notes()).noneMatch(n -> n.startsWith("callgrind: totals:"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"base", "head", "base-sep", "base-instr", "base-jumps", "base-combined", "base-codspeed"})
    void summaryAgreesWithoutCacheSimulation(String name) throws Exception {
        CallgrindFile file = CallgrindFixtures.parse(name);
        assertThat(file.summary()).containsExactly(file.selfTotals());
        assertThat(CallgrindFixtures.read(name).metadata().notes()).noneMatch(n -> n.contains("differs"));
    }

    @org.junit.jupiter.api.Test
    void cacheSimulationSummaryDisagreesAndTheProfileSaysSo() throws Exception {
        // ... but with --cache-sim the summary: line counts a few more Ir than the body holds.
        CallgrindFile file = CallgrindFixtures.parse("base-cache");
        AnnotateOutput annotate = AnnotateOutput.read(CallgrindFixtures.expected("base-cache"));
        assertThat(file.summary()).isNotEqualTo(file.selfTotals());
        assertThat(annotate.programTotals()).containsExactly(file.summary());
        assertThat(CallgrindFixtures.read("base-cache").metadata().notes())
                .anyMatch(n -> n.startsWith("callgrind: summary: " + file.summary()[0] + " Ir differs"))
                // and some of its call costs exceed what the callees hold, which the tree absorbs.
                .anyMatch(n -> n.startsWith("callgrind: some calls cost more than the functions they call"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"base", "head", "base-sep", "head-sep"})
    void treeSelfPerFunctionEqualsAnnotateForTheProgramsFunctions(String name) throws Exception {
        AnnotateOutput expected = AnnotateOutput.read(CallgrindFixtures.expected(name));
        Map<String, Long> byDisplayName = new TreeMap<>();
        expected.selfByFunction().forEach((function, self) ->
                byDisplayName.merge(ContextName.displayName(function), self[0], Long::sum));
        Map<String, Long> tree = CallgrindFixtures.selfByFrame(CallgrindFixtures.read(name).tree(), 0);
        for (String function : new String[] {"main", "parse_records", "compute_checksum", "fact", "backup",
                "start", "end", "rd", "wr"}) {
            assertThat(tree.get(function)).as(function).isEqualTo(byDisplayName.get(function));
        }
    }
}
