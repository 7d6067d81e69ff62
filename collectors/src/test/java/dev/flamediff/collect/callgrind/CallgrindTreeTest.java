package dev.flamediff.collect.callgrind;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.CallTree;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.Profile;
import dev.flamediff.model.UnrecognizedFormatException;
import dev.flamediff.model.ValueType;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The call trees built from the recorded fixtures: exact ones, approximate ones, and each format variant. */
class CallgrindTreeTest {

    /** Returns the one stack that ends in main; the program's stacks start with it. */
    private static String main(Map<String, Long> stacks) {
        var mains = stacks.keySet().stream().filter(s -> s.endsWith(";main")).toList();
        assertThat(mains).hasSize(1);
        return mains.get(0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"base-sep", "head-sep", "base-mangled"})
    void callerContextsGiveExactStacksWithoutPhantoms(String name) throws Exception {
        Profile profile = CallgrindFixtures.read(name);
        Map<String, Long> stacks = CallgrindFixtures.stacks(profile.tree(), 0);
        String main = main(stacks);
        Map<String, Long> self = CallgrindFixtures.selfByFrame(profile.tree(), 0);

        assertThat(profile.metadata().approximate()).isFalse();
        assertThat(profile.metadata().notes()).anyMatch(n -> n.contains("--separate-callers"));
        // backup calls rd only when start called it and wr only when end called it.
        assertThat(stacks).containsKey(main + ";start;backup;rd").containsKey(main + ";end;backup;wr");
        assertThat(stacks.get(main + ";start;backup;rd")).isEqualTo(self.get("rd"));
        assertThat(stacks.get(main + ";end;backup;wr")).isEqualTo(self.get("wr"));
        assertThat(stacks.keySet()).noneMatch(s -> s.endsWith("start;backup;wr") || s.endsWith("end;backup;rd"));
        // 20 callers hold every stack of this program.
        assertThat(profile.metadata().notes()).noneMatch(n -> n.contains("more callers than"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"base", "head", "base-instr", "base-jumps", "base-cache", "base-combined", "threads-01"})
    void withoutCallerContextsTheStacksAreApproximateAndSaySo(String name) throws Exception {
        Profile profile = CallgrindFixtures.read(name);
        assertThat(profile.metadata().approximate()).isTrue();
        assertThat(profile.metadata().notes()).anyMatch(n -> n.contains("approximate"));
    }

    @Test
    void proportionalExpansionSplitsTheSharedHelperByAverageAsDocumented() throws Exception {
        // The known price of the call-graph reconstruction: backup's callee mix is averaged over
        // both callers, so phantom stacks appear. Their weights follow from the call costs.
        Map<String, Long> stacks = CallgrindFixtures.stacks(CallgrindFixtures.read("base").tree(), 0);
        String main = main(stacks);
        long rd = stacks.get(main + ";start;backup;rd") + stacks.get(main + ";end;backup;rd");
        long wr = stacks.get(main + ";start;backup;wr") + stacks.get(main + ";end;backup;wr");
        assertThat(rd).isEqualTo(10245);
        assertThat(wr).isEqualTo(12293);
        assertThat(stacks.get(main + ";start;backup;wr")).isPositive();
    }

    @ParameterizedTest
    @ValueSource(strings = {"base", "base-sep", "base-mangled"})
    void recursionLevelsFoldIntoTheFunction(String name) throws Exception {
        CallTree tree = CallgrindFixtures.read(name).tree();
        for (int n = 1; n < tree.size(); n++) {
            assertThat(tree.frame(n).name()).doesNotContain("'");
            assertThat(tree.frame(n).kind()).isEqualTo(FrameKind.NATIVE);
        }
        Map<String, Long> stacks = CallgrindFixtures.stacks(tree, 0);
        String main = main(stacks);
        // fact and fact'2 together: 108 Ir, as callgrind_annotate's fact + fact'2.
        assertThat(stacks.get(main + ";fact")).isEqualTo(108);
        assertThat(stacks.keySet()).noneMatch(s -> s.contains("fact;fact"));
    }

    @Test
    void compressedNamesDecodeToTheSameTreeAsPlainContextNames() throws Exception {
        Profile sep = CallgrindFixtures.read("base-sep");
        Profile mangled = CallgrindFixtures.read("base-mangled");
        assertThat(CallgrindFixtures.stacks(mangled.tree(), 0)).isEqualTo(CallgrindFixtures.stacks(sep.tree(), 0));
        assertThat(CallgrindFixtures.selfByFunction(CallgrindFixtures.parse("base-mangled").graph()).keySet())
                .isEqualTo(CallgrindFixtures.selfByFunction(CallgrindFixtures.parse("base-sep").graph()).keySet());
    }

    @ParameterizedTest
    @ValueSource(strings = {"base-again", "base-instr", "base-jumps", "base-combined"})
    void formatVariantsOfOneRunGiveTheSameTree(String name) throws Exception {
        // Same binary, same input: instruction addresses, jump lines or a dump in the middle
        // change the file, not the counts.
        Map<String, Long> base = CallgrindFixtures.stacks(CallgrindFixtures.read("base").tree(), 0);
        assertThat(CallgrindFixtures.stacks(CallgrindFixtures.read(name).tree(), 0)).isEqualTo(base);
    }

    @Test
    void combinedDumpsAreSummedOverTheirParts() throws Exception {
        CallgrindFile file = CallgrindFixtures.parse("base-combined");
        assertThat(file.parts()).isEqualTo(2);
        assertThat(CallgrindFixtures.text(CallgrindFixtures.file("base-combined"))).contains("\npart: 2\n");
        assertThat(file.totals()[0]).isEqualTo(CallgrindFixtures.parse("base").totals()[0]);
        assertThat(CallgrindFixtures.read("base-combined").metadata().notes()).contains("callgrind: 2 parts (--combine-dumps) summed");
    }

    @Test
    void eachPerThreadFileIsOneProfile() throws Exception {
        Profile main = CallgrindFixtures.read("threads-01");
        Profile worker = CallgrindFixtures.read("threads-02");
        assertThat(worker.metadata().notes()).contains("callgrind: thread 2 (--separate-threads)");
        assertThat(CallgrindFixtures.stacks(worker.tree(), 0)).containsEntry("clone;start_thread;summarize", 12296L);
        assertThat(CallgrindFixtures.selfByFrame(main.tree(), 0)).doesNotContainKey("summarize")
                .containsKey("parse_records");
    }

    @Test
    void threadsPutsTheThreadOfAPerThreadFileAtTheRoot() throws Exception {
        ReadOptions threads = ReadOptions.DEFAULT.withThreads(true);
        Profile worker = CallgrindFixtures.read("threads-02", threads);
        assertThat(CallgrindFixtures.stacks(worker.tree(), 0)).containsEntry("thread 2;clone;start_thread;summarize", 12296L);
        assertThat(worker.tree().frame(1).kind()).isEqualTo(FrameKind.THREAD);
        Profile sep = CallgrindFixtures.read("base-sep", threads);
        assertThat(CallgrindFixtures.stacks(sep.tree(), 0)).containsKey("0x000000000001ab70");
    }

    @Test
    void everyEventIsAValueTypeWithIrFirstByDefault() throws Exception {
        Profile profile = CallgrindFixtures.read("base-cache");
        assertThat(profile.valueTypes()).hasSize(13);
        assertThat(profile.valueTypes().get(0)).isEqualTo(new ValueType("Ir", "instructions"));
        assertThat(profile.valueTypes().get(1)).isEqualTo(new ValueType("Dr", "events"));
        assertThat(profile.metadata().event()).isEqualTo("Ir");
    }

    @Test
    void systemTimesAreNanosecondsAndTheOtherEventsCounts() throws Exception {
        Profile profile = CallgrindFixtures.read("base-systime");
        assertThat(profile.valueTypes()).containsExactly(new ValueType("Ir", "instructions"),
                new ValueType("Ge", "events"), new ValueType("sysCount", "events"),
                new ValueType("sysTime", "nanoseconds"), new ValueType("sysCpuTime", "nanoseconds"));
    }

    @Test
    void uncompressedNamesAndPositionsReadLikeCompressedOnes() throws Exception {
        // --compress-strings=no --compress-pos=no --dump-line=no, as CodSpeed records.
        Profile codspeed = CallgrindFixtures.read("base-codspeed");
        Map<String, Long> self = CallgrindFixtures.selfByFrame(codspeed.tree(), 0);
        assertThat(self).containsEntry("parse_records", 98328L).containsEntry("compute_checksum", 16388L)
                .containsEntry("rd", 10245L).containsEntry("wr", 12293L);
        assertThat(CallgrindFixtures.text(CallgrindFixtures.file("base-codspeed"))).contains("\nfn=parse_records\n")
                .doesNotContainPattern("fn=\\(\\d+\\)");
    }

    @Test
    void theSelectedEventComesFirst() throws Exception {
        Profile profile = CallgrindFixtures.read("base-cache", ReadOptions.DEFAULT.withEvent("D1mr"));
        CallgrindFile file = CallgrindFixtures.parse("base-cache");
        assertThat(profile.valueTypes().get(0)).isEqualTo(new ValueType("D1mr", "events"));
        assertThat(profile.valueTypes()).hasSize(13);
        assertThat(profile.metadata().event()).isEqualTo("D1mr");
        assertThat(profile.tree().total(0, 0)).isEqualTo(file.selfTotals()[file.events().indexOf("D1mr")]);
    }

    @Test
    void anEventNotInTheFileIsRejectedNamingTheEvents() {
        assertThatThrownBy(() -> CallgrindFixtures.read("base", ReadOptions.DEFAULT.withEvent("D1mr")))
                .isInstanceOf(UnrecognizedFormatException.class)
                .hasMessageEndingWith("callgrind.out.base: callgrind: no event D1mr in this file (events: Ir)");
    }
}
