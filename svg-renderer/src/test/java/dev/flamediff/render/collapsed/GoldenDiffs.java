package dev.flamediff.render.collapsed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.fixtures.FixtureFiles;
import dev.flamediff.model.Profile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * Golden files of the collapsed and JSON renderers under {@code src/test/resources/golden}, and
 * the diffs they are made from. {@code -Dflamediff.bless=true} rewrites the files from the
 * current output; review the change with {@code git diff}.
 */
public final class GoldenFiles {

    private static final Path ROOT = Path.of("src", "test", "resources", "golden");

    private GoldenFiles() {
    }

    /** Compares the bytes with the golden file {@code folder/name}, or rewrites it when blessing. */
    public static void check(String folder, String name, byte[] actual) throws IOException {
        check(folder, name, actual, UnaryOperator.identity());
    }

    /**
     * Compares the bytes with the golden file {@code folder/name} after passing both through
     * {@code ignore} (which blanks out parts another test owns), or rewrites the file with the
     * unfiltered output when blessing.
     */
    public static void check(String folder, String name, byte[] actual, UnaryOperator<String> ignore)
            throws IOException {
        Path file = ROOT.resolve(folder).resolve(name);
        if (Boolean.getBoolean("flamediff.bless")) {
            Files.createDirectories(file.getParent());
            Files.write(file, actual);
        }
        assertThat(file).as("golden file; regenerate with -Dflamediff.bless=true").exists();
        assertThat(ignore.apply(new String(actual, java.nio.charset.StandardCharsets.UTF_8)))
                .as("golden %s/%s; regenerate with -Dflamediff.bless=true", folder, name)
                .isEqualTo(ignore.apply(Files.readString(file)));
    }

    /**
     * A small hand-written pair shaped like the fixture program: a method made slower, one made
     * faster, one only in head, one only in base, JIT/inlined/kernel kinds, names with spaces and
     * characters that need escaping.
     */
    public static DiffTree small(DiffOptions options) throws Exception {
        Profile base = FoldedTrees.profile("base.collapsed", List.of(
                "[main tid=1];Main.main_[0];Main.parseRecords_[j] 40",
                "[main tid=1];Main.main_[0];Main.parseRecords_[j];String.split_[i] 10",
                "[main tid=1];Main.main_[0];Main.computeChecksum_[j] 30",
                "[main tid=1];Main.main_[0];Main.legacyCheck_[j] 5",
                "[main tid=1];Main.main_[0];Main$$Lambda.apply_[j];Main.lambda$main$0_[j] 12",
                "[main tid=1];Main.main_[0];write;do_syscall_64_[k] 3",
                "[GC thread#0 tid=7];G1 Young \"<collect>\" & mark 8"));
        Profile head = FoldedTrees.profile("head.collapsed", List.of(
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
