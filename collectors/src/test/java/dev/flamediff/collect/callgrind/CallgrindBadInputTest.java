package dev.flamediff.collect.callgrind;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.collect.InputLimits;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.ProfileException;
import dev.flamediff.model.TreeLimits;
import java.nio.file.Files;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad input is a ProfileException naming the input, the format, the line and the problem. */
class CallgrindBadInputTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            undefined id        | events: Ir\\nfn=(7)\\n1 2\\n                         | line 2: function id (7) is used before it is defined
            undefined file id   | events: Ir\\nfl=(3)\\nfn=f\\n                        | line 2: file id (3) is used before it is defined
            calls at the end    | events: Ir\\nfn=f\\ncfn=g\\ncalls=1 2\\n             | line 5: the file ends after a calls= line, before the cost line that belongs to it
            calls then no cost  | events: Ir\\nfn=f\\ncfn=g\\ncalls=1 2\\nfn=h\\n       | line 5: expected the cost line of the calls= line before, found: fn=h
            calls without cfn   | events: Ir\\nfn=f\\ncalls=1 2\\n1 5\\n               | line 3: calls= without cfn= before it
            too many costs      | events: Ir Dr\\nfn=f\\n1 2 3 4\\n                     | line 3: cost line has 3 costs for 2 events: 1 2 3 4
            bad position        | events: Ir\\nfn=f\\n+x 2\\n                          | line 3: not a position: +x
            bad count           | events: Ir\\nfn=f\\n1 2a\\n                           | line 3: not a count: 2a
            cost before fn      | events: Ir\\n1 2\\n                                   | line 2: cost line before any fn= line
            fn before events    | version: 1\\nevents: Ir\\nfn=f\\n1 1\\nx\\n          | line 5: not a callgrind line: x
            unknown position    | positions: line column\\nevents: Ir\\n                | line 1: unknown position 'column' (expected instr, line)
            events change       | events: Ir\\nfn=f\\n1 1\\npart: 2\\nevents: Dr\\n     | line 5: events: Dr differs from the first part's events: Ir
            compressed unknown  | events: Ir\\nfn=(2) (9)'(1)\\n1 1\\n                 | line 2: compressed function name (9)'(1) refers to id (9), which is not defined before it
            duplicate event     | events: Ir Dr Ir\\nfn=f\\n                           | line 1: events: names an event twice: Ir Dr Ir
            unknown spec        | events: Ir\\nfn=f\\nxyz=1\\n                          | line 3: unknown specification xyz=
            overflow            | events: Ir\\nfn=f\\n1 9223372036854775807\\n2 1\\n   | line 4: a cost sum overflows 64 bits
            """)
    void malformedInputNamesTheLine(String what, String text, String message) {
        assertThatThrownBy(() -> CallgrindText.read(text.replace("\\n", "\n")))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage("hand.callgrind: callgrind, " + message);
    }

    @Test
    void aFileWithoutEventsIsMalformed() {
        assertThatThrownBy(() -> CallgrindText.read("# callgrind format\nversion: 1\n"))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage("hand.callgrind: callgrind, line 3: no events: line");
    }

    @Test
    void namesLongerThanTheLimitAreRejected() {
        ReadOptions options = ReadOptions.DEFAULT.withLimits(InputLimits.DEFAULT.withMaxNameLength(10));
        assertThatThrownBy(() -> CallgrindText.read("events: Ir\nfn=(1) a_very_long_function_name\n1 1\n", options))
                .isInstanceOf(LimitExceededException.class)
                .hasMessage("hand.callgrind: callgrind, line 2: function name longer than the limit of 10 chars");
    }

    @Test
    void treesLargerThanTheLimitAreRejected() throws Exception {
        ReadOptions options = ReadOptions.DEFAULT.withLimits(InputLimits.DEFAULT.withTree(TreeLimits.DEFAULT.withMaxNodes(50)));
        assertThatThrownBy(() -> CallgrindFixtures.read("base", options))
                .isInstanceOf(LimitExceededException.class)
                .hasMessageContaining("callgrind.out.base: callgrind: more than the limit of 50 call-tree nodes");
        assertThatThrownBy(() -> CallgrindFixtures.read("base-sep", options))
                .isInstanceOf(LimitExceededException.class);
    }

    @Test
    void aRecordingCutShortReadsWhatItHoldsAndIsMarkedTruncated() throws Exception {
        byte[] original = Files.readAllBytes(CallgrindFixtures.file("base"));
        long full = CallgrindFixtures.read("base").tree().total(0, 0);
        for (int cut : new int[] {original.length / 2, original.length / 2 + 3, original.length - 20}) {
            String text = new String(original, 0, cut, java.nio.charset.StandardCharsets.ISO_8859_1);
            var p = CallgrindText.read(text);
            assertThat(p.metadata().truncated()).as("cut at %d", cut).isTrue();
            assertThat(p.metadata().notes()).contains("callgrind: the file ends before its totals: line (cut short); "
                    + "the costs up to its end were read");
            assertThat(p.metadata().losses()).containsExactly("callgrind: the file ends before its totals: line (cut"
                    + " short); the costs up to its end were read");
            assertThat(p.tree().total(0, 0)).isPositive().isLessThanOrEqualTo(full);
        }
        assertThat(CallgrindFixtures.read("base").metadata().truncated()).isFalse();
    }

    /**
     * Cachegrind writes its file's summary: last, after the costs, and no totals: line (valgrind
     * 3.19, {@code --cache-sim=no}): a whole file, not one cut short.
     */
    @Test
    void aCachegrindFileEndingInItsSummaryIsWhole() throws Exception {
        String text = "desc: I1 cache: 32768 B, 64 B, 8-way associative\ncmd: ./prog 5000\nevents: Ir\n"
                + "fl=prog.c\nfn=main\n10 40\nfn=checksum\n20 500\nfn=msort_with_tmp.part.0\n30 60\nsummary: 600\n";
        var p = CallgrindText.read(text);
        assertThat(p.metadata().truncated()).isFalse();
        assertThat(p.metadata().losses()).isEmpty();
        assertThat(p.tree().total(0, 0)).isEqualTo(600);
        // Cut before its summary, nothing tells: cachegrind announces no costs up front.
        assertThat(CallgrindText.read(text.substring(0, text.indexOf("summary:"))).metadata().truncated()).isFalse();
    }

    @Test
    void truncatedAndCorruptedRecordingsFailCleanlyOrReadWithTheirTotals() throws Exception {
        // Seeded: cut or flip bytes of a real recording; the reader either reads it or throws a
        // ProfileException, never anything else.
        byte[] original = Files.readAllBytes(CallgrindFixtures.file("base"));
        Random random = new Random(4);
        int failures = 0;
        for (int round = 0; round < 60; round++) {
            byte[] bytes = original.clone();
            if (round % 2 == 0) {
                bytes = java.util.Arrays.copyOf(bytes, random.nextInt(bytes.length));
            } else {
                for (int k = 0; k < 5; k++) {
                    bytes[random.nextInt(bytes.length)] = (byte) "0123456789=+-*() \n'x".charAt(random.nextInt(20));
                }
            }
            try {
                var p = CallgrindText.read(new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1));
                assertThat(p.tree().total(0, 0)).isNotNegative();
            } catch (ProfileException e) {
                failures++;
                assertThat(e.getMessage()).startsWith("hand.callgrind: ").doesNotContain("\n");
            }
        }
        assertThat(failures).isPositive();
    }
}
