package dev.flamediff.collect.collapsed;

import static dev.flamediff.collect.collapsed.CollapsedText.read;
import static dev.flamediff.collect.collapsed.CollapsedText.stacks;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.collect.DecimalValues;
import dev.flamediff.collect.Detection;
import dev.flamediff.collect.PairedProfile;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ValueType;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The collapsed files other tools write: fractional counts, 3 columns, headers, bad lines, old line ends. */
class CollapsedDialectsTest {

    @Test
    void fractionalCountsAreKeptExactlyWithTheirDecimals() throws Exception {
        Profile p = read("cksum;main 31.23\nmain 6.\nmain;x 31.0\nmain;y 0.5\ncksum;main 0.07\n");
        assertThat(p.valueTypes()).containsExactly(new ValueType("samples", "count", 2));
        assertThat(stacks(p.tree())).containsExactly("cksum;main 3130", "main 600", "main;x 3100", "main;y 50");
        assertThat(p.valueTypes().get(0).value(p.tree().grandTotal(0))).isEqualTo(68.8);
        assertThat(p.valueTypes().get(0).isSampleCount()).isFalse();
        assertThat(p.metadata().notes()).anySatisfy(n -> assertThat(n).contains("counts with fractions (up to 2 decimal places"));
    }

    @Test
    void wholeCountsWrittenWithAFractionStayWholeSampleCounts() throws Exception {
        Profile p = read("a;b 3.0\na 2.00\n");
        assertThat(p.valueTypes()).containsExactly(ValueType.SAMPLES);
        assertThat(p.tree().grandTotal(0)).isEqualTo(5);
        assertThat(p.metadata().notes()).isEmpty();
    }

    @Test
    void moreThanNineDecimalsAreRoundedAndSaidSo() throws Exception {
        Profile p = read("a 0.3333333333333\nb 0.6666666666666\n");
        assertThat(p.valueTypes().get(0).decimals()).isEqualTo(9);
        assertThat(p.tree().grandTotal(0)).isEqualTo(333_333_333L + 666_666_667L);
        assertThat(p.metadata().notes()).anySatisfy(n -> assertThat(n).contains("longer ones rounded"));
    }

    @Test
    void decimalsTooFineForTheSumAreAnErrorNamingTheLine() {
        assertThatThrownBy(() -> read("a 1000000000000000000\nb 0.5\n"))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage("t.collapsed: collapsed, line 2: the sample counts add up to more than a long holds "
                        + "with 1 decimal places");
    }

    @Test
    void decimalsAreAlignedAcrossProfiles() throws Exception {
        Profile fractional = read("a;b 1.25\n");
        Profile whole = read("a;b 2\na 1\n");
        List<Profile> aligned = DecimalValues.align(List.of(fractional, whole));
        assertThat(aligned.get(0)).isSameAs(fractional);
        assertThat(aligned.get(1).valueTypes()).containsExactly(new ValueType("samples", "count", 2));
        assertThat(stacks(aligned.get(1).tree())).containsExactly("a 100", "a;b 200");
    }

    @Test
    void threeColumnLinesAreAReadyMadePair() throws Exception {
        Profile pair = read("main;cksum 31 56\nmain;parse 0 12\nmain 4.5 0\nmain;cksum 1 1\n");
        assertThat(pair.valueTypes()).extracting(ValueType::kind).containsExactly("base", "head");
        assertThat(PairedProfile.isPair(pair)).isTrue();
        Profile base = PairedProfile.base(pair);
        Profile head = PairedProfile.head(pair);
        assertThat(base.valueTypes()).containsExactly(new ValueType("samples", "count", 1));
        assertThat(stacks(base.tree())).containsExactly("main 45", "main;cksum 320");
        assertThat(head.valueTypes()).containsExactly(ValueType.SAMPLES);
        assertThat(stacks(head.tree())).containsExactly("main;cksum 57", "main;parse 12");
        assertThat(base.metadata().source()).isEqualTo("t.collapsed");
        assertThat(PairedProfile.isPair(base)).isFalse();
    }

    @Test
    void aTwoColumnFileWhoseLeafEndsInDigitsStaysTwoColumns() throws Exception {
        // The first stack line decides how many counts every line has.
        Profile p = read("main;work 4\nmain;sleep 10 3\n");
        assertThat(PairedProfile.isPair(p)).isFalse();
        assertThat(stacks(p.tree())).containsExactly("main;sleep 10 3", "main;work 4");
    }

    @Test
    void aThreeColumnFileWithATwoColumnLineNamesTheLine() {
        assertThatThrownBy(() -> read("main;a 1 2\nmain;b 3\n"))
                .hasMessage("t.collapsed: collapsed, line 2: a 3-column file (stack base head) needs two counts after the stack");
    }

    @Test
    void commentsAreSkippedAndAustinHeadersBecomeMetadata() throws Exception {
        String austin = "# austin: 3.3.0\n# interval: 100\n# mode: wall\n\n"
                + "P4242;T4242:7f;<module> (app.py:1);main (app.py:9) 1523\n"
                + "P4242;T4242:7f;<module> (app.py:1);work (app.py:3) 300\n# duration: 5000000\n";
        Profile p = read(austin);
        assertThat(p.metadata().event()).isEqualTo("wall");
        assertThat(p.valueTypes()).containsExactly(new ValueType("wall", "microseconds"));
        assertThat(p.tree().grandTotal(0)).isEqualTo(1823);
        assertThat(p.metadata().notes()).contains("header: austin 3.3.0, mode wall, sampling interval 100 \u00b5s; "
                + "values are microseconds");
        assertThat(read("# just a comment\na;b 2\n").metadata().notes()).isEmpty();
        byte[] b = austin.getBytes(StandardCharsets.UTF_8);
        assertThat(new CollapsedReader().detect(b, b.length, false)).isEqualTo(Detection.YES);
        byte[] c = "# callgrind format\nevents: Ir\n".getBytes(StandardCharsets.UTF_8);
        assertThat(new CollapsedReader().detect(c, c.length, false)).isEqualTo(Detection.NO);
    }

    @Test
    void hostileHeaderValuesAreNotTaken() throws Exception {
        Profile p = read("# mode: <script>\n# interval: 1\u001b[2J\na 1\n");
        assertThat(p.metadata().event()).isEqualTo("samples");
        assertThat(p.metadata().notes()).isEmpty();
    }

    @Test
    void badLinesAreAnErrorUnlessSkipped() throws Exception {
        String text = "a;b 1\nno count here\na;c 2\na;;d 3\na;e -1\na;b 4\n";
        assertThatThrownBy(() -> read(text)).hasMessage("t.collapsed: collapsed, line 2: sample count 'here' is not a number");
        Profile p = read(text, ReadOptions.DEFAULT.withSkipBadLines(true));
        assertThat(stacks(p.tree())).containsExactly("a;b 5", "a;c 2");
        assertThat(p.metadata().truncated()).isTrue();
        assertThat(p.metadata().notes()).containsExactly("skipped 3 lines that could not be read (lines 2, 4, 5; "
                + "line 2: sample count 'here' is not a number): the profile is partial");
        assertThat(p.metadata().losses()).isEqualTo(p.metadata().notes());
        assertThatThrownBy(() -> read("x\ny\n", ReadOptions.DEFAULT.withSkipBadLines(true)))
                .hasMessageContaining("no readable stacks in the input (skipped 2 lines");
    }

    @Test
    void crOnlyLineEndsAreLines() throws Exception {
        Profile p = read("a;b 1\ra;c 2\r\ra;b 3\r");
        assertThat(stacks(p.tree())).containsExactly("a;b 4", "a;c 2");
        assertThatThrownBy(() -> read("a;b 1\rbad\ra;c 2"))
                .hasMessage("t.collapsed: collapsed, line 2: no sample count after the last space");
        // CRLF stays one line end: line numbers are not doubled.
        assertThatThrownBy(() -> read("a;b 1\r\nbad\r\n"))
                .hasMessage("t.collapsed: collapsed, line 2: no sample count after the last space");
    }

    @Test
    void aFirstLineLongerThanTheDetectionWindowIsStillCollapsed() {
        StringBuilder sb = new StringBuilder();
        while (sb.length() < CollapsedDetector.WINDOW + 100) {
            sb.append("frame").append(sb.length()).append(';');
        }
        sb.append("leaf 3\nmain 1\n");
        byte[] b = sb.toString().getBytes(StandardCharsets.UTF_8);
        assertThat(new CollapsedReader().detect(b, CollapsedDetector.WINDOW, true)).isEqualTo(Detection.YES);
        byte[] text = "hello world ".repeat(100_000).getBytes(StandardCharsets.UTF_8);
        assertThat(new CollapsedReader().detect(text, CollapsedDetector.WINDOW, true)).isEqualTo(Detection.NO);
    }

    @Test
    void slashAndDotSpellingsAreOneFrameByDefaultAndKeptWithoutNormalization() throws Exception {
        String text = "java/lang/Thread.run;java/lang/Number.<init> 1\njava.lang.Thread.run;java.lang.Number.<init> 2\n";
        assertThat(stacks(read(text).tree())).containsExactly("java.lang.Thread.run;java.lang.Number.<init> 3");
        assertThat(stacks(read(text, ReadOptions.DEFAULT.withNormalizeNames(false)).tree())).containsExactly(
                "java.lang.Thread.run;java.lang.Number.<init> 2", "java/lang/Thread.run;java/lang/Number.<init> 1");
    }

    /**
     * Node's and other runtimes' names with slashes keep them (perf with {@code --perf-basic-prof}
     * writes {@code node:internal/process/task_queues}); only the JVM's spelling becomes dots,
     * hidden classes' addresses included.
     */
    @Test
    void onlyTheJvmsSlashedNamesBecomeDotted() throws Exception {
        String text = "node;node:internal/process/task_queues;processTicksAndRejections 2\n"
                + "java/lang/Thread.run;java/lang/invoke/LambdaForm$MH.0x0000000801010400.invoke 1\n";
        assertThat(stacks(read(text).tree())).containsExactly(
                "java.lang.Thread.run;java.lang.invoke.LambdaForm$MH.invoke 1",
                "node;node:internal/process/task_queues;processTicksAndRejections 2");
    }

    @Test
    void cpuFeatureVariantsOfStubNamesAreOneFrame() throws Exception {
        String text = "System.arraycopy_[j];jbyte_disjoint_arraycopy_avx3 2\nSystem.arraycopy_[j];jbyte_disjoint_arraycopy 3\n"
                + "m;__memset_avx512_unaligned_erms 1\nm;__memset_evex_unaligned_erms 1\nm;__memset_avx2_unaligned_erms_rtm 1\n"
                + "m;oop_disjoint_arraycopy_uninit_avx3 1\nm;checkcast_arraycopy 1\nm;my_avx3 1\n";
        assertThat(stacks(read(text).tree())).containsExactly("System.arraycopy<JIT>;jbyte_disjoint_arraycopy 5",
                "m;__memset 3", "m;checkcast_arraycopy 1", "m;my_avx3 1", "m;oop_disjoint_arraycopy_uninit 1");
        assertThat(stacks(read(text, ReadOptions.DEFAULT.withNormalizeNames(false)).tree()))
                .contains("System.arraycopy<JIT>;jbyte_disjoint_arraycopy_avx3 2", "m;__memset_evex_unaligned_erms 1");
    }

    /**
     * Node's perf map names a JavaScript function with the tier that ran it (as perf and
     * stackcollapse-perf.pl pass them on): one function, interpreted in one run and optimized in
     * the next, is one frame. Other names with a colon, and the names kept byte for byte, keep it.
     */
    @Test
    void aJavaScriptFunctionIsOneFrameWhicheverV8TierRanIt() throws Exception {
        String text = "node;JS:~render /srv/app.js:3:10 2\nnode;JS:*render /srv/app.js:3:10 5\n"
                + "node;JS:^render /srv/app.js:3:10 1\nnode;JS:+render /srv/app.js:3:10 1\n"
                + "node;LazyCompile:*old /srv/app.js:9 1\nnode;LazyCompile:~old /srv/app.js:9 1\n"
                + "node;JS:~ node:internal/main/run_main_module:1:1 1\nnode;std::~vector 1\nnode;a:*b 1\n";
        assertThat(stacks(read(text).tree())).containsExactly("node;JS: node:internal/main/run_main_module:1:1 1",
                "node;JS:render /srv/app.js:3:10 9", "node;LazyCompile:old /srv/app.js:9 2", "node;a:*b 1",
                "node;std::~vector<CPP> 1");
        assertThat(stacks(read(text, ReadOptions.DEFAULT.withNormalizeNames(false)).tree()))
                .contains("node;JS:~render /srv/app.js:3:10 2", "node;JS:*render /srv/app.js:3:10 5");
    }

}
