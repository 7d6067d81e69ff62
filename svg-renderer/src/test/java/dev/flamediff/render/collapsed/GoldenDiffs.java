package dev.flamediff.render.collapsed;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.fixtures.FixtureFiles;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ValueType;
import dev.flamediff.testkit.FoldedProfiles;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The diffs the renderers' golden files are made from (compared with
 * {@link dev.flamediff.testkit.Goldens}).
 */
public final class GoldenDiffs {

    private GoldenDiffs() {
    }

    /**
     * A small hand-written pair shaped like the fixture program: a method made slower, one made
     * faster, one only in head, one only in base, JIT/inlined/kernel kinds, names with spaces and
     * characters that need escaping.
     */
    public static DiffTree small(DiffOptions options) throws Exception {
        Profile base = FoldedProfiles.profile("base.collapsed", ValueType.SAMPLES, List.of(
                "[main tid=1];Main.main_[0];Main.parseRecords_[j] 40",
                "[main tid=1];Main.main_[0];Main.parseRecords_[j];String.split_[i] 10",
                "[main tid=1];Main.main_[0];Main.computeChecksum_[j] 30",
                "[main tid=1];Main.main_[0];Main.legacyCheck_[j] 5",
                "[main tid=1];Main.main_[0];Main$$Lambda.apply_[j];Main.lambda$main$0_[j] 12",
                "[main tid=1];Main.main_[0];write;do_syscall_64_[k] 3",
                "[GC thread#0 tid=7];G1 Young \"<collect>\" & mark 8"));
        Profile head = FoldedProfiles.profile("head.collapsed", ValueType.SAMPLES, List.of(
                "[main tid=1];Main.main_[0];Main.parseRecords_[j];Main.parseRecordsSlow_[j] 70",
                "[main tid=1];Main.main_[0];Main.parseRecords_[j];String.split_[i] 10",
                "[main tid=1];Main.main_[0];Main.computeChecksum_[j];Main.computeChecksumFast_[j] 11",
                "[main tid=1];Main.main_[0];Main.compressBlock_[j] 9",
                "[main tid=1];Main.main_[0];Main$$Lambda.apply_[j];Main.lambda$main$0_[j] 12",
                "[main tid=1];Main.main_[0];write;do_syscall_64_[k] 4",
                "[GC thread#0 tid=7];G1 Young \"<collect>\" & mark 6"));
        return Diffs.diff(base, head, options);
    }

    /**
     * The recorded fixtures' base and head (async-profiler, collapsed), restricted to the stacks
     * through the checksum and the head-only compression method so the goldens stay small.
     */
    public static DiffTree fixture(DiffOptions options) throws Exception {
        ReadOptions read = ReadOptions.DEFAULT.withInclude(Pattern.compile("computeChecksum|compressBlock"));
        Profile base = Profiles.read(FixtureFiles.path("collapsed/base.collapsed"), read);
        Profile head = Profiles.read(FixtureFiles.path("collapsed/head.collapsed"), read);
        // The metadata names the file by its full path, which differs between machines.
        base = base.withMetadata(base.metadata().withSource("base.collapsed"));
        head = head.withMetadata(head.metadata().withSource("head.collapsed"));
        return Diffs.diff(base, head, options);
    }
}
