package dev.flamediff.cli.hardening;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.flamediff.collect.InputLimits;
import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileException;
import dev.flamediff.model.TreeLimits;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Fuzz test of the whole path an upload takes: detect and read (any format), diff against a
 * fixed profile and against itself, render SVG, JSON, Markdown and collapsed, and check every
 * output is well-formed ({@link OutputChecks}). A plain {@code mvn test} replays the committed
 * inputs under {@code src/test/resources/dev/flamediff/cli/hardening/PathFuzzTestInputs/}.
 */
class PathFuzzTest {

    private static final ReadOptions OPTIONS = ReadOptions.DEFAULT.withLimits(InputLimits.DEFAULT
            .withMaxBytes(8L << 20).withMaxNameLength(4096).withTree(new TreeLimits(2_000, 200_000)));

    private static final byte[] OTHER = ("main;work;parse 10\nmain;work;sum 5\nmain;<b>bold</b> &amp 1\n")
            .getBytes(StandardCharsets.UTF_8);

    @FuzzTest(maxDuration = "4m")
    void readDiffRender(byte[] data) throws IOException {
        Profile head;
        try {
            head = Profiles.read("upload", new ByteArrayInputStream(data), OPTIONS);
        } catch (ProfileException e) {
            assertThat(e.getMessage()).doesNotContain("\n");
            return;
        } catch (IOException e) {
            // Reading the spooled copy failed (disk, not content): the CLI reports it in one line.
            return;
        }
        Profile base;
        try {
            base = Profiles.read("other", new ByteArrayInputStream(OTHER), OPTIONS);
        } catch (ProfileException e) {
            throw new AssertionError(e);
        }
        renderBoth(base, head);
        renderBoth(head, head);
    }

    private static void renderBoth(Profile base, Profile head) throws IOException {
        DiffTree diff;
        try {
            diff = Diffs.diff(base, head, DiffOptions.DEFAULT);
        } catch (ProfileException e) {
            // Different value types (a JFR allocation profile against samples) are refused with a message.
            assertThat(e.getMessage()).doesNotContain("\n");
            return;
        }
        OutputChecks.renderAndCheck(diff);
    }
}
