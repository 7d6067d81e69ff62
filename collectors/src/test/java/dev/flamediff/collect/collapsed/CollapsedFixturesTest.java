package dev.flamediff.collect.collapsed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.fixtures.FixtureFiles;
import dev.flamediff.model.CallTree;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.Profile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Predicate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The recorded async-profiler fixtures read as the fixture program's changes predict. */
class CollapsedFixturesTest {

    private static final String APP = "fixture.FixtureApp.";

    private static Profile read(String name) throws Exception {
        return Profiles.read(FixtureFiles.path("collapsed/" + name), ReadOptions.DEFAULT);
    }

    /** The sum of the totals of the outermost nodes whose frame name passes the test. */
    private static long total(CallTree tree, Predicate<String> name) {
        long sum = 0;
        for (int node = 1; node < tree.size(); ) {
            if (name.test(tree.frame(node).name())) {
                sum += tree.total(0, node);
                node = tree.end(node);
            } else {
                node++;
            }
        }
        return sum;
    }

    private static double share(Profile p, String method) {
        return (double) total(p.tree(), n -> n.equals(APP + method)) / p.tree().grandTotal(0);
    }

    private static long sumOfCounts(Path file) throws Exception {
        return Files.readAllLines(file).stream().filter(l -> !l.isBlank())
                .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }

    @ParameterizedTest
    @ValueSource(strings = {"base.collapsed", "head.collapsed", "base2.collapsed", "base-ann.collapsed", "head-ann.collapsed"})
    void everyRecordingReadsWholeAndSurvivesARoundTrip(String name) throws Exception {
        Profile p = read(name);
        assertThat(p.metadata().format()).isEqualTo("collapsed");
        assertThat(p.tree().grandTotal(0)).isEqualTo(sumOfCounts(FixtureFiles.path("collapsed/" + name)))
                .isGreaterThan(1000);
        assertThat(total(p.tree(), n -> n.contains("$$Lambda"))).isPositive();
        // Lambda addresses normalized away, JVM package separators dotted.
        assertThat(p.tree().frames().frames()).noneMatch(f -> f.name().contains("$$Lambda$")
                || f.name().contains("0x0000") || f.name().startsWith("java/") || f.name().startsWith("fixture/"));
        Profile again = CollapsedText.read(CollapsedRoundTripTest.write(p));
        assertThat(CollapsedText.stacks(again.tree())).isEqualTo(CollapsedText.stacks(p.tree()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-ann"})
    void headHasTheFixtureProgramsChanges(String variant) throws Exception {
        Profile base = read("base" + variant + ".collapsed");
        Profile head = read("head" + variant + ".collapsed");
        // The changed methods keep their names; only their callees tell the variants apart.
        assertThat(share(head, "parseRecords")).isGreaterThan(2 * share(base, "parseRecords"));
        assertThat(share(base, "splitWithIndexOf")).isPositive();
        assertThat(share(base, "splitWithRegex")).isZero();
        assertThat(share(head, "splitWithRegex")).isPositive();
        assertThat(share(head, "splitWithIndexOf")).isZero();
        assertThat(share(head, "computeChecksum")).isPositive().isLessThan(share(base, "computeChecksum") / 2);
        assertThat(share(base, "compressBlock")).isZero();
        assertThat(share(head, "compressBlock")).isPositive();
        assertThat(share(base, "sortRecords")).isPositive();
        assertThat(share(head, "summarize")).isPositive();
    }

    @Test
    void annotatedRecordingsCarryJavaKindsAndPlainOnesDoNot() throws Exception {
        CallTree ann = read("head-ann.collapsed").tree();
        assertThat(ann.frames().frames()).anyMatch(f -> f.kind() == FrameKind.JIT)
                .anyMatch(f -> f.kind() == FrameKind.INLINED)
                .anyMatch(f -> f.kind() == FrameKind.INTERPRETED);
        CallTree plain = read("head.collapsed").tree();
        assertThat(plain.frames().frames()).noneMatch(f -> f.kind().isJava());
        assertThat(plain.frames().frames()).anyMatch(f -> f.kind() == FrameKind.CPP);
    }
}
