package dev.flamediff.collect.collapsed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.collect.InputLimits;
import dev.flamediff.collect.ProfileInput;
import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.collect.ReaderRegistry;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Position;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileException;
import dev.flamediff.model.TreeLimits;
import dev.flamediff.model.UnrecognizedFormatException;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CollapsedBadInputTest {

    private static Profile readAll(String name, byte[] bytes, ReadOptions options) throws Exception {
        return Profiles.read(name, new ByteArrayInputStream(bytes), options);
    }

    private static Profile readAll(String text) throws Exception {
        return readAll("bad.collapsed", text.getBytes(StandardCharsets.UTF_8), ReadOptions.DEFAULT);
    }

    private static Profile readCollapsedOnly(String name, byte[] bytes) throws Exception {
        try (ProfileInput input = ProfileInput.of(name, new ByteArrayInputStream(bytes), InputLimits.DEFAULT)) {
            return Profiles.read(input, ReadOptions.DEFAULT, ReaderRegistry.of(List.of(new CollapsedReader())));
        }
    }

    @Test
    void emptyFile() {
        assertThatThrownBy(() -> readAll(""))
                .isInstanceOf(UnrecognizedFormatException.class)
                .hasMessage("bad.collapsed: the input is empty");
    }

    @Test
    void onlyBlankLinesAreNotAProfile() {
        assertThatThrownBy(() -> readCollapsedOnly("blank.collapsed", "\n \r\n\n".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(UnrecognizedFormatException.class)
                .hasMessage("blank.collapsed: not a profile flamediff can read (expected collapsed)");
    }

    @Test
    void anInputWithoutStacksReadDirectlyIsMalformed() {
        assertThatThrownBy(() -> CollapsedText.read("\n\n"))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage("t.collapsed: collapsed: no stacks in the input");
    }

    @Test
    void binaryGarbage() {
        byte[] garbage = new byte[3000];
        new Random(7).nextBytes(garbage);
        garbage[0] = 0;
        assertThatThrownBy(() -> readCollapsedOnly("garbage.bin", garbage))
                .isInstanceOf(UnrecognizedFormatException.class)
                .hasMessage("garbage.bin: not a profile flamediff can read (expected collapsed)");
        assertThatThrownBy(() -> readAll("garbage.bin", garbage, ReadOptions.DEFAULT))
                .isInstanceOf(UnrecognizedFormatException.class)
                .hasMessageStartingWith("garbage.bin: not a profile flamediff can read (expected ")
                .hasMessageContaining("collapsed");
    }

    @Test
    void lineWithoutCount() {
        assertThatThrownBy(() -> readAll("a;b 1\na;c 2\na;b;c\n"))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage("bad.collapsed: collapsed, line 3: no sample count after the last space")
                .satisfies(e -> assertThat(((ProfileException) e).position()).isEqualTo(Position.line(3)));
    }

    @Test
    void lineNumbersCountBlankLines() {
        assertThatThrownBy(() -> readAll("\n\na 1\n\nb c d\n"))
                .hasMessage("bad.collapsed: collapsed, line 5: sample count 'd' is not a number");
    }

    @Test
    void negativeCount() {
        assertThatThrownBy(() -> readAll("a;b 1\na;b -4\n"))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage("bad.collapsed: collapsed, line 2: negative sample count -4");
    }

    @Test
    void nonNumericCounts() {
        for (String count : new String[] {"-", "+3", "1e5", "1.5e3", "NaN", "Infinity", "inf", "1..2", ".", ".5", "0x10", "1,5"}) {
            assertThatThrownBy(() -> readAll("a 1\na;b " + count + "\n"))
                    .hasMessage("bad.collapsed: collapsed, line 2: sample count '" + count + "' is not a number");
        }
    }

    @Test
    void countOverflow() {
        assertThatThrownBy(() -> readAll("a 1\nb 9223372036854775808\n"))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage("bad.collapsed: collapsed, line 2: sample count 9223372036854775808 is too large");
        assertThatThrownBy(() -> readAll("a 9223372036854775807\nb 1\n"))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage("bad.collapsed: collapsed, line 2: the sample counts add up to more than 9223372036854775807");
    }

    @Test
    void theLargestCountIsAccepted() throws Exception {
        assertThat(readAll("a 9223372036854775807\n").tree().grandTotal(0)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void emptyStack() {
        assertThatThrownBy(() -> readAll("a 1\n 5\n"))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage("bad.collapsed: collapsed, line 2: empty stack before the sample count");
    }

    @Test
    void emptyFrame() {
        assertThatThrownBy(() -> readAll("a 1\na;;b 5\n"))
                .hasMessage("bad.collapsed: collapsed, line 2: empty frame name in the stack");
        assertThatThrownBy(() -> readAll("a 1\na; 5\n"))
                .hasMessage("bad.collapsed: collapsed, line 2: empty frame name in the stack");
    }

    @Test
    void nameLengthLimit() {
        ReadOptions options = ReadOptions.DEFAULT.withLimits(InputLimits.DEFAULT.withMaxNameLength(10));
        assertThatThrownBy(() -> readAll("lim.collapsed", "a 1\nb;abcdefghijk 1\n".getBytes(StandardCharsets.UTF_8), options))
                .isInstanceOf(LimitExceededException.class)
                .hasMessage("lim.collapsed: collapsed, line 2: frame name of 11 chars is longer than the limit of 10");
    }

    @Test
    void depthLimit() {
        ReadOptions options = ReadOptions.DEFAULT.withLimits(InputLimits.DEFAULT.withTree(TreeLimits.DEFAULT.withMaxDepth(2)));
        assertThatThrownBy(() -> readAll("lim.collapsed", "a;b 1\na;b;c 1\n".getBytes(StandardCharsets.UTF_8), options))
                .isInstanceOf(LimitExceededException.class)
                .hasMessage("lim.collapsed: collapsed, line 2: stack deeper than the limit of 2 frames");
    }

    @Test
    void nodeLimit() {
        ReadOptions options = ReadOptions.DEFAULT.withLimits(InputLimits.DEFAULT.withTree(TreeLimits.DEFAULT.withMaxNodes(3)));
        assertThatThrownBy(() -> readAll("lim.collapsed", "a;b 1\na 1\nc 1\n".getBytes(StandardCharsets.UTF_8), options))
                .isInstanceOf(LimitExceededException.class)
                .hasMessage("lim.collapsed: collapsed, line 3: more than the limit of 3 call-tree nodes");
    }

    @Test
    void lineLengthLimit() {
        ReadOptions options = ReadOptions.DEFAULT.withLimits(InputLimits.DEFAULT.withMaxNameLength(1)
                .withTree(TreeLimits.DEFAULT.withMaxDepth(1)));
        String longLine = "x".repeat(200_000) + " 1\n";
        assertThatThrownBy(() -> readAll("lim.collapsed", ("a 1\n" + longLine).getBytes(StandardCharsets.UTF_8), options))
                .isInstanceOf(LimitExceededException.class)
                .hasMessage("lim.collapsed: collapsed, line 2: line longer than the limit of 68 bytes");
    }

    /** Damaged copies of a valid input must give a profile or a ProfileException, nothing else. */
    @Test
    void damagedInputNeverEscapesAsAnUncheckedException() throws Exception {
        byte[] valid = ("java/lang/Thread.run_[j];a/B.c_[i];byte[]_[i] 3\n"
                + "[w tid=1];start_thread;JavaThread::run;x y z 12\n"
                + "a;b;c 7\r\n\n").getBytes(StandardCharsets.UTF_8);
        Random random = new Random(20261129);
        byte[] alphabet = " ;\n\r\t-0123456789_[]jik/.ab\u00ff\0".getBytes(StandardCharsets.ISO_8859_1);
        int read = 0;
        int rejected = 0;
        for (int round = 0; round < 2000; round++) {
            byte[] damaged = valid.clone();
            for (int k = random.nextInt(4) + 1; k > 0; k--) {
                damaged[random.nextInt(damaged.length)] = alphabet[random.nextInt(alphabet.length)];
            }
            try {
                CollapsedText.read(damaged, ReadOptions.DEFAULT);
                read++;
            } catch (ProfileException e) {
                assertThat(e.getMessage()).startsWith("t.collapsed: collapsed").doesNotContain("\n");
                rejected++;
            }
        }
        assertThat(read).isPositive();
        assertThat(rejected).isPositive();
    }
}
