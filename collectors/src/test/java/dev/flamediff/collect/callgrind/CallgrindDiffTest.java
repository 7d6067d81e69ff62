package dev.flamediff.collect.callgrind;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.NodeStatus;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Diffs of the recorded callgrind profiles: exact, so a run against a rerun is exactly zero. */
class CallgrindDiffTest {

    @ParameterizedTest
    @CsvSource({"base,base-again", "base-sep,base-mangled", "base,base-combined"})
    void twoRunsOfTheSameBinaryDiffToExactlyZero(String base, String head) throws Exception {
        DiffTree diff = Diffs.diff(CallgrindFixtures.read(base), CallgrindFixtures.read(head), DiffOptions.DEFAULT);
        assertThat(diff.size()).isGreaterThan(100);
        for (int n = 0; n < diff.size(); n++) {
            assertThat(diff.selfDelta(n)).isZero();
            assertThat(diff.totalDelta(n)).isZero();
            assertThat(diff.status(n)).isEqualTo(NodeStatus.COMMON);
        }
    }

    @ParameterizedTest
    @CsvSource({"base,head", "base-sep,head-sep"})
    void theFunctionMadeSlowerIsTheTopRegression(String base, String head) throws Exception {
        Profile b = CallgrindFixtures.read(base);
        Profile h = CallgrindFixtures.read(head);
        DiffTree diff = Diffs.diff(b, h, DiffOptions.DEFAULT);
        int top = 1;
        for (int n = 1; n < diff.size(); n++) {
            if (diff.selfDelta(n) > diff.selfDelta(top)) {
                top = n;
            }
        }
        assertThat(path(diff, top)).endsWith(";main;parse_records");
        // Exactly head's minus base's self cost of parse_records, as callgrind_annotate printed them.
        assertThat(diff.selfDelta(top)).isEqualTo(196650 - 98328);
        int added = find(diff, "compress_block");
        assertThat(diff.status(added)).isEqualTo(NodeStatus.ADDED);
        assertThat(diff.selfDelta(find(diff, "compute_checksum"))).isEqualTo(2053 - 16388);
    }

    private static int find(DiffTree diff, String name) {
        for (int n = 1; n < diff.size(); n++) {
            if (diff.frame(n).name().equals(name)) {
                return n;
            }
        }
        throw new AssertionError(name + " not in the diff");
    }

    private static String path(DiffTree diff, int node) {
        return Arrays.stream(diff.path(node)).map(Frame::name).collect(Collectors.joining(";"));
    }
}
