package dev.flamediff.collect.hardening;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.flamediff.collect.InputLimits;
import dev.flamediff.collect.ProfileInput;
import dev.flamediff.collect.ProfileReader;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.collect.callgrind.CallgrindReader;
import dev.flamediff.collect.collapsed.CollapsedReader;
import dev.flamediff.collect.jfr.JfrParserChoice;
import dev.flamediff.collect.jfr.JfrProfileReader;
import dev.flamediff.collect.pprof.PprofReader;
import dev.flamediff.model.CallTree;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileException;
import dev.flamediff.model.TreeLimits;
import java.io.ByteArrayInputStream;
import java.io.IOException;

/**
 * Fuzz tests of each reader on its own (detection skipped, so the parser sees every mutation). A
 * plain {@code mvn test} replays the committed inputs under
 * {@code src/test/resources/dev/flamediff/collect/hardening/ReaderFuzzTestInputs/<method>/}
 * (seeds cut from the fixtures, and every finding); {@code JAZZER_FUZZ=1} fuzzes one method.
 * Anything but a {@link ProfileException} or {@link IOException} escaping a reader is a finding.
 */
class ReaderFuzzTest {

    /** Tight limits keep one input's work small, so a hang shows up as a timeout, not a slow run. */
    static final InputLimits LIMITS = InputLimits.DEFAULT.withMaxBytes(8L << 20).withMaxNameLength(4096)
            .withTree(new TreeLimits(2_000, 200_000));

    private static final ReadOptions OPTIONS = ReadOptions.DEFAULT.withLimits(LIMITS);

    @FuzzTest(maxDuration = "4m")
    void collapsed(byte[] data) {
        read(new CollapsedReader(), data, OPTIONS);
    }

    @FuzzTest(maxDuration = "4m")
    void callgrind(byte[] data) {
        read(new CallgrindReader(), data, OPTIONS);
    }

    @FuzzTest(maxDuration = "4m")
    void jfrJdkParser(byte[] data) {
        read(new JfrProfileReader(), data, OPTIONS.withJfrParser(JfrParserChoice.JDK));
    }

    @FuzzTest(maxDuration = "4m")
    void jfrAsyncParser(byte[] data) {
        read(new JfrProfileReader(), data, OPTIONS.withJfrParser(JfrParserChoice.ASYNC));
    }

    @FuzzTest(maxDuration = "4m")
    void jfrFlamediffParser(byte[] data) {
        read(new JfrProfileReader(), data, OPTIONS.withJfrParser(JfrParserChoice.FLAMEDIFF));
    }

    @FuzzTest(maxDuration = "4m")
    void pprof(byte[] data) {
        read(new PprofReader(), data, OPTIONS);
    }

    static void read(ProfileReader reader, byte[] data, ReadOptions options) {
        try (ProfileInput input = ProfileInput.of("fuzz-input", new ByteArrayInputStream(data), options.limits())) {
            Profile profile = reader.read(input, options);
            checkTree(profile.tree(), options.limits().tree());
        } catch (ProfileException e) {
            assertThat(e.getMessage()).as("a bad-input message is one line").doesNotContain("\n", "\r");
        } catch (IOException e) {
            // The input could not be read as a file (spooling, gzip): reported, not a crash.
        }
    }

    /** The limits held: a reader that skipped a check builds a tree past them. */
    static void checkTree(CallTree tree, TreeLimits limits) {
        assertThat(tree.size()).isLessThanOrEqualTo(limits.maxNodes());
        // The root, a thread frame and a [truncated] marker may sit above the limited stack.
        assertThat(tree.maxDepth()).isLessThanOrEqualTo(limits.maxDepth() + 3);
    }
}
