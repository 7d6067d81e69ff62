package dev.flamediff.collect.callgrind;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.collect.Detection;
import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.Profile;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Format rules checked on small hand-written inputs, one rule each. */
class CallgrindFormatTest {

    private static Map<String, Long> stacks(String text) throws Exception {
        return CallgrindFixtures.stacks(CallgrindText.read(text).tree(), 0);
    }

    @Test
    void subpositionsMayBeAbsoluteHexRelativeOrRepeated() throws Exception {
        Profile p = CallgrindText.read("""
                # callgrind format
                positions: instr line
                events: Ir Dr
                fn=(1) f
                0x400 12 3 1
                +2 * 4
                -1 +3 5 2
                * * 6
                0x10a0 -2 7
                """);
        assertThat(p.tree().total(0, 0)).isEqualTo(25);
        assertThat(p.tree().total(1, 0)).isEqualTo(3);
    }

    @Test
    void aCfnWithoutCallsIsNotACallAndItsLineIsSelfCost() throws Exception {
        assertThat(stacks("""
                events: Ir
                fn=(1) a
                1 5
                cfn=(2) b
                2 7
                calls=1 3
                3 100
                fn=(2)
                1 100
                """)).containsExactlyInAnyOrderEntriesOf(Map.of("a", 112L, "a;b", 100L));
    }

    @Test
    void theCostLineAfterCallsIsInclusiveAndNeverSelf() throws Exception {
        Profile p = CallgrindText.read("""
                events: Ir
                fn=(1) main
                1 10
                cfn=(2) work
                calls=3 +5
                * 300
                fn=(2)
                6 300
                totals: 310
                """);
        assertThat(p.tree().total(0, 0)).isEqualTo(310);
        assertThat(CallgrindFixtures.selfByFrame(p.tree(), 0)).containsEntry("main", 10L).containsEntry("work", 300L);
    }

    @Test
    void namesMayHoldSpacesParenthesesAndApostrophesAndIdsAreReused() throws Exception {
        assertThat(stacks("""
                events: Ir
                ob=(1) /lib/libc.so.6
                fl=(1) ???
                fn=(1) (below main)
                0 1
                cfn=(2) main
                calls=1 0
                0 4
                fn=(2)
                0 4
                fn=(below main)
                0 2
                """)).containsExactlyInAnyOrderEntriesOf(Map.of("(below main)", 7L, "(below main);main", 4L));
    }

    @Test
    void missingCostsAreZero() throws Exception {
        Profile p = CallgrindText.read("""
                events: Ir Dr Dw
                fn=f
                1 5
                2 5 1
                """);
        assertThat(p.tree().total(0, 0)).isEqualTo(10);
        assertThat(p.tree().total(1, 0)).isEqualTo(1);
        assertThat(p.tree().total(2, 0)).isZero();
    }

    @Test
    void fiAndFeChangeTheFileNotTheFunction() throws Exception {
        assertThat(stacks("""
                events: Ir
                fl=(1) a.c
                fn=(1) f
                1 5
                fi=(2) inline.h
                20 6
                fe=(1)
                2 7
                """)).containsExactlyInAnyOrderEntriesOf(Map.of("f", 18L));
    }

    @Test
    void jumpLinesAndThePositionLineAfterThemCarryNoCost() throws Exception {
        assertThat(stacks("""
                events: Ir
                fn=(1) f
                10 5
                jump=3 +4
                *
                jcnd=1/2 -2
                +1
                jcnd=2 4 +6
                *
                jfi=(1) x.c
                jfn=(2) g
                +1 5
                """)).containsExactlyInAnyOrderEntriesOf(Map.of("f", 10L));
    }

    @Test
    void partsAreSummedAndMayRedefineIds() throws Exception {
        Profile p = CallgrindText.read("""
                # callgrind format
                part: 1
                events: Ir
                summary: 5
                fn=(1) f
                1 5
                totals: 5
                # callgrind format
                part: 2
                events: Ir
                summary: 7
                fn=(1) f
                1 3
                fn=(2) g
                1 4
                totals: 7
                """);
        assertThat(CallgrindFixtures.stacks(p.tree(), 0)).containsExactlyInAnyOrderEntriesOf(Map.of("f", 8L, "g", 4L));
        assertThat(p.metadata().notes()).contains("callgrind: 2 parts (--combine-dumps) summed")
                .noneMatch(n -> n.contains("differs"));
    }

    @Test
    void totalsThatDisagreeWithTheSelfCostsAreNoted() throws Exception {
        Profile p = CallgrindText.read("""
                events: Ir
                summary: 12
                fn=f
                1 10
                totals: 11
                """);
        assertThat(p.tree().total(0, 0)).isEqualTo(10);
        assertThat(p.metadata().notes())
                .contains("callgrind: totals: 11 Ir differs from the sum of self costs 10, which is used")
                .contains("callgrind: summary: 12 Ir differs from the sum of self costs 10, which is used");
    }

    @Test
    void compressedContextNamesAreDecoded() throws Exception {
        assertThat(stacks("""
                events: Ir
                fn=(1) main
                fn=(2) fact
                fn=(3) (2)'(1)
                1 4
                fn=(4) (2)'2'(1)
                1 6
                fn=(5) main
                1 1
                """)).containsExactlyInAnyOrderEntriesOf(Map.of("main", 11L, "main;fact", 10L));
    }

    @Test
    void contextsCutByTheRecordedDepthAreNoted() throws Exception {
        // --separate-callers=2: d's chain d'c'b'a keeps only d'c'b.
        Profile p = CallgrindText.read("""
                events: Ir
                fn=(1) a
                1 1
                fn=(2) b'a
                1 2
                fn=(3) c'b'a
                1 3
                fn=(4) d'c'b
                1 4
                """);
        assertThat(p.metadata().approximate()).isFalse();
        assertThat(CallgrindFixtures.stacks(p.tree(), 0)).containsEntry("a;b;c", 3L).containsEntry("[truncated];b;c;d", 4L);
        assertThat(p.metadata().notes()).contains("callgrind: 1 functions have more callers than the recorded "
                + "contexts hold; their stacks start at [truncated] and the outermost caller recorded (raise --separate-callers)");
    }

    @Test
    void callerContextsOnSomeFunctionsOnlyAreExpandedFromTheCallGraph() throws Exception {
        // --separate-callers2=leaf: leaf carries its callers, helper (called by main) does not.
        Profile p = CallgrindText.read("""
                events: Ir
                fn=(1) main
                1 1
                cfn=(2) helper
                calls=1 1
                1 10
                fn=(2)
                1 2
                cfn=(3) leaf'helper'main
                calls=1 1
                1 8
                fn=(3)
                1 8
                """);
        assertThat(p.metadata().approximate()).isTrue();
        assertThat(CallgrindFixtures.stacks(p.tree(), 0)).containsExactlyInAnyOrderEntriesOf(
                Map.of("main", 11L, "main;helper", 10L, "main;helper;leaf", 8L));
    }

    @Test
    void recursionAndCyclesKeepTheTotalAndEnd() throws Exception {
        // a -> b -> a -> b ...: callgrind's nested recursive call costs overcount on purpose.
        Profile p = CallgrindText.read("""
                events: Ir
                fn=(1) main
                1 1
                cfn=(2) a
                calls=1 1
                1 30
                fn=(2)
                1 10
                cfn=(3) b
                calls=2 1
                1 35
                fn=(3)
                1 10
                cfn=(2)
                calls=1 1
                1 15
                cfn=(4) b'2
                calls=1 1
                1 5
                fn=(4)
                1 5
                """);
        assertThat(p.metadata().approximate()).isTrue();
        assertThat(p.tree().total(0, 0)).isEqualTo(26);
        assertThat(CallgrindFixtures.stacks(p.tree(), 0).keySet()).allMatch(s -> !s.matches(".*\\b(\\w+);(\\w+;)*\\1\\b.*"));
    }

    @Test
    void callsWorthAtMostAMillionthOfTheTotalStayInTheirCaller() throws Exception {
        Map<String, Long> stacks = stacks("""
                events: Ir
                fn=(1) main
                1 2000000
                cfn=(2) big
                calls=1 1
                1 1000
                cfn=(3) small
                calls=1 1
                1 2
                fn=(2)
                1 1000
                fn=(3)
                1 2
                """);
        // Total 2,001,002: small's 2 are at most a millionth and stay in main.
        assertThat(stacks).containsExactlyInAnyOrderEntriesOf(Map.of("main", 2_001_002L, "main;big", 1000L));
    }

    @Test
    void cachegrindFilesReadAsFlatProfiles() throws Exception {
        // The start of a real cachegrind.out (valgrind 3.19), which has no calls.
        Profile p = CallgrindText.read("""
                desc: I1 cache:         32768 B, 64 B, 8-way associative
                cmd: ./build/base
                events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw\s
                fl=././prog.c
                fn=backup
                99 7 0 0 1 0 0 2 0 0
                100 1 0 0 1 0 0 0 0 0
                fn=compute_checksum
                43 1 0 0 0 0 0 0 0 0
                50 6146 0 0 0 0 0 0 0 0
                summary: 6155 0 0 2 0 0 2 0 0
                """);
        assertThat(CallgrindFixtures.stacks(p.tree(), 0))
                .containsExactlyInAnyOrderEntriesOf(Map.of("backup", 8L, "compute_checksum", 6147L));
        assertThat(p.metadata().approximate()).isFalse();
        assertThat(p.metadata().notes()).contains("callgrind: no calls in the file (a cachegrind file?): a flat "
                + "profile, one frame per function").noneMatch(n -> n.contains("differs"));
    }

    @Test
    void gzippedFilesReadTheSame(@TempDir Path tmp) throws Exception {
        Path gz = tmp.resolve("callgrind.out.base.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(CallgrindFixtures.file("base"), out);
        }
        Profile zipped = Profiles.read(gz, ReadOptions.DEFAULT);
        assertThat(CallgrindFixtures.stacks(zipped.tree(), 0))
                .isEqualTo(CallgrindFixtures.stacks(CallgrindFixtures.read("base").tree(), 0));
    }

    @Test
    void detectionByTheFirstLineOrAnEventsLineInTheFirstTwoKilobytes() {
        CallgrindReader r = new CallgrindReader();
        assertThat(detect(r, "# callgrind format\nversion: 1\n", true)).isEqualTo(Detection.YES);
        assertThat(detect(r, "version: 1\ncreator: x\npositions: line\nevents: Ir\n", true)).isEqualTo(Detection.YES);
        assertThat(detect(r, "events: Ir\nfn=f\n1 2\n", true)).isEqualTo(Detection.YES);
        assertThat(detect(r, "main;work 10\nmain 3\n", true)).isEqualTo(Detection.NO);
        assertThat(detect(r, "version: 1\n", false)).isEqualTo(Detection.NEED_MORE);
        assertThat(detect(r, "x".repeat(2100) + "\nevents: Ir\n", false)).isEqualTo(Detection.NO);
        assertThat(detect(r, "FLR\0\u0002\0", false)).isEqualTo(Detection.NO);
    }

    @Test
    void theRegistryPicksCallgrindBeforeTheCollapsedReader() throws Exception {
        assertThat(CallgrindText.read("events: Ir\nfn=f\n1 2\n").metadata().format()).isEqualTo("callgrind");
    }

    private static Detection detect(CallgrindReader r, String text, boolean complete) {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        return r.detect(bytes, bytes.length, complete);
    }
}
