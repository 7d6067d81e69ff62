package dev.flamediff.collect.pprof;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.perftools.profiles.ProfileProto;
import dev.flamediff.collect.Detection;
import dev.flamediff.collect.ProfileInput;
import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.collect.ReaderRegistry;
import dev.flamediff.fixtures.FixtureFiles;
import dev.flamediff.model.CallTree;
import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.IncompatibleProfilesException;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ValueType;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/**
 * The pprof reader on profiles converted by async-profiler's converter from the JFR fixtures,
 * checked against flamediff's own reading of the same recordings, and on hand-built messages for
 * the edge cases (inlined functions, missing ids, bad values).
 */
class PprofReaderTest {

    private static Profile read(byte[] bytes, ReadOptions options) throws Exception {
        return Profiles.read("t.pb", new ByteArrayInputStream(bytes), options);
    }

    /** Path (names only, root first, ';'-joined) to self value of the first value type. */
    static Map<String, Long> stacks(CallTree tree) {
        Map<String, Long> out = new TreeMap<>();
        for (int n = 1; n < tree.size(); n++) {
            if (tree.self(0, n) != 0) {
                StringBuilder sb = new StringBuilder();
                for (Frame f : tree.path(n)) {
                    sb.append(sb.length() == 0 ? "" : ";").append(f.name());
                }
                out.merge(sb.toString(), tree.self(0, n), Long::sum);
            }
        }
        return out;
    }

    @Test
    void theConvertersProfileHasTheRecordingsStacksAndCounts() throws Exception {
        for (String name : List.of("ap17-base", "ap17-head", "ap25-head")) {
            Profile pprof = Profiles.read(FixtureFiles.path("pprof/" + name + ".pb.gz"), ReadOptions.DEFAULT);
            Profile jfr = Profiles.read(FixtureFiles.path("jfr/" + name + ".jfr"), ReadOptions.DEFAULT.withEvent("cpu"));
            assertThat(pprof.metadata().format()).isEqualTo("pprof");
            assertThat(pprof.valueTypes()).containsExactly(new ValueType("cpu", "count"));
            assertThat(pprof.tree().grandTotal(0)).as(name).isEqualTo(jfr.tree().grandTotal(0)).isPositive();
            assertThat(stacks(pprof.tree())).as(name).isEqualTo(stacks(jfr.tree()));
        }
    }

    @Test
    void gzipAndPlainMessagesAreDetectedAndOtherFormatsAreNot() throws Exception {
        byte[] plain = Files.readAllBytes(FixtureFiles.path("pprof/jdk17-base.pb"));
        assertThat(new PprofReader().detect(plain, Math.min(4096, plain.length), false)).isEqualTo(Detection.YES);
        byte[] unzipped;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(FixtureFiles.path("pprof/ap17-base.pb.gz")))) {
            unzipped = in.readAllBytes();
        }
        assertThat(new PprofReader().detect(unzipped, 4096, false)).isEqualTo(Detection.YES);
        for (String other : List.of("collapsed/base.collapsed", "jfr/ap17-base.jfr", "callgrind/callgrind.out.base",
                "collapsed/difffolded/base-head.folded")) {
            byte[] b = Files.readAllBytes(FixtureFiles.path(other));
            assertThat(new PprofReader().detect(b, Math.min(4096, b.length), b.length <= 4096)).as(other)
                    .isEqualTo(Detection.NO);
        }
        assertThat(new PprofReader().detect("\nmain;a 1\n".getBytes(), 10, true)).isEqualTo(Detection.NO);
        try (ProfileInput input = ProfileInput.of(FixtureFiles.path("pprof/ap17-base-alloc.pb.gz"),
                ReadOptions.DEFAULT.limits())) {
            assertThat(ReaderRegistry.defaults().detect(input).format()).isEqualTo("pprof");
        }
    }

    @Test
    void everySampleTypeIsAValueTypeAndTheEventPicksTheFirst() throws Exception {
        Profile alloc = Profiles.read(FixtureFiles.path("pprof/ap17-base-alloc.pb.gz"), ReadOptions.DEFAULT);
        assertThat(alloc.valueTypes()).extracting(ValueType::toString).containsExactly("allocations/bytes");
        byte[] two = message(List.of("samples", "count", "cpu", "nanoseconds"), b -> {
            b.addSample(sample(List.of(1L), 2, 20_000_000));
            b.addSample(sample(List.of(2L, 1L), 1, 10_000_000));
        });
        Profile p = read(two, ReadOptions.DEFAULT);
        assertThat(p.valueTypes()).containsExactly(ValueType.SAMPLES, ValueType.CPU_NANOS);
        assertThat(p.metadata().event()).isEqualTo("samples");
        assertThat(p.tree().grandTotal(1)).isEqualTo(30_000_000);
        Profile cpu = read(two, ReadOptions.DEFAULT.withEvent("cpu"));
        assertThat(cpu.valueTypes()).containsExactly(ValueType.CPU_NANOS, ValueType.SAMPLES);
        assertThat(cpu.metadata().notes()).contains("pprof sample types cpu/nanoseconds, samples/count");
        assertThatThrownBy(() -> read(two, ReadOptions.DEFAULT.withEvent("alloc")))
                .isInstanceOf(IncompatibleProfilesException.class)
                .hasMessage("t.pb: pprof: has no alloc sample type (it has [samples/count, cpu/nanoseconds])");
    }

    @Test
    void inlinedFunctionsAreFramesOutermostFirstAndLabelsAreIgnored() throws Exception {
        byte[] bytes = message(List.of("samples", "count"), b -> {
            // Location 3 holds work() with parse() inlined into it: line[0] is the inlined callee.
            b.addLocation(ProfileProto.Location.newBuilder().setId(3)
                    .addLine(ProfileProto.Line.newBuilder().setFunctionId(12).setLine(7))
                    .addLine(ProfileProto.Line.newBuilder().setFunctionId(11).setLine(40)));
            b.addLocation(ProfileProto.Location.newBuilder().setId(4).setAddress(0xbeef));
            b.addSample(sample(List.of(3L, 1L), 5).toBuilder()
                    .addLabel(ProfileProto.Label.newBuilder().setKey(1).setStr(2)).build());
            b.addSample(sample(List.of(4L, 1L), 1));
        });
        Profile p = read(bytes, ReadOptions.DEFAULT);
        assertThat(stacks(p.tree())).containsExactly(Map.entry("main;0xbeef", 1L), Map.entry("main;work;parse", 5L));
        int leaf = p.tree().end(0) - 1;
        assertThat(p.tree().path(leaf)).extracting(Frame::kind)
                .containsExactly(FrameKind.UNKNOWN, FrameKind.UNKNOWN, FrameKind.INLINED);
        assertThat(p.metadata().notes()).contains("sample labels ignored (1 of 2 samples had labels)");
        assertThat(stacks(read(bytes, ReadOptions.DEFAULT.withLineNumbers(true)).tree()))
                .containsKey("main;work:40;parse:7");
    }

    @Test
    void javaNamesAreNormalizedAsInTheOtherReaders() throws Exception {
        byte[] bytes = message(List.of("samples", "count"), b -> {
            b.addFunction(ProfileProto.Function.newBuilder().setId(20).setName(b.getStringTableCount()));
            b.addStringTable("java/lang/Thread.run");
            b.addFunction(ProfileProto.Function.newBuilder().setId(21).setName(b.getStringTableCount()));
            b.addStringTable("jbyte_disjoint_arraycopy_avx3");
            b.addLocation(ProfileProto.Location.newBuilder().setId(20).addLine(ProfileProto.Line.newBuilder().setFunctionId(20)));
            b.addLocation(ProfileProto.Location.newBuilder().setId(21).addLine(ProfileProto.Line.newBuilder().setFunctionId(21)));
            b.addSample(sample(List.of(21L, 20L), 3));
        });
        assertThat(stacks(read(bytes, ReadOptions.DEFAULT).tree())).containsOnlyKeys("java.lang.Thread.run;jbyte_disjoint_arraycopy");
        assertThat(stacks(read(bytes, ReadOptions.DEFAULT.withNormalizeNames(false)).tree()))
                .containsOnlyKeys("java/lang/Thread.run;jbyte_disjoint_arraycopy_avx3");
    }

    @Test
    void badMessagesAreOneLineErrors() throws Exception {
        assertThatThrownBy(() -> read(message(List.of("samples", "count"), b -> b.addSample(sample(List.of(99L), 1))),
                ReadOptions.DEFAULT)).isInstanceOf(MalformedProfileException.class)
                .hasMessage("t.pb: pprof: a sample refers to location 99, which the profile does not have");
        assertThatThrownBy(() -> read(message(List.of("samples", "count"), b -> b.addSample(sample(List.of(1L), -4))),
                ReadOptions.DEFAULT)).hasMessage("t.pb: pprof: sample 1 has a negative value -4");
        assertThatThrownBy(() -> read(message(List.of("samples", "count"), b -> b.addSample(sample(List.of(1L), 1, 2))),
                ReadOptions.DEFAULT)).hasMessage("t.pb: pprof: sample 1 has 2 values for 1 sample types");
        assertThatThrownBy(() -> read(message(List.of("samples", "count"),
                b -> b.setSampleType(0, ProfileProto.ValueType.newBuilder().setType(77))), ReadOptions.DEFAULT))
                .hasMessage("t.pb: pprof: string index 77 is outside the string table (6 strings)");
        byte[] whole = Files.readAllBytes(FixtureFiles.path("pprof/jdk17-base.pb"));
        assertThatThrownBy(() -> read(java.util.Arrays.copyOf(whole, whole.length - 3), ReadOptions.DEFAULT))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessageStartingWith("t.pb: pprof: not a valid pprof message (");
    }

    /** A message with functions 1 (main), 11 (work), 12 (parse), location 1 (main) and the given types. */
    static byte[] message(List<String> typesAndUnits, java.util.function.Consumer<ProfileProto.Profile.Builder> more)
            throws Exception {
        ProfileProto.Profile.Builder b = ProfileProto.Profile.newBuilder();
        b.addStringTable("");
        for (int i = 0; i < typesAndUnits.size(); i += 2) {
            b.addSampleType(ProfileProto.ValueType.newBuilder().setType(b.getStringTableCount())
                    .setUnit(b.getStringTableCount() + 1));
            b.addStringTable(typesAndUnits.get(i));
            b.addStringTable(typesAndUnits.get(i + 1));
        }
        long main = b.getStringTableCount();
        b.addStringTable("main");
        b.addStringTable("work");
        b.addStringTable("parse");
        b.addFunction(ProfileProto.Function.newBuilder().setId(1).setName(main));
        b.addFunction(ProfileProto.Function.newBuilder().setId(11).setName(main + 1));
        b.addFunction(ProfileProto.Function.newBuilder().setId(12).setName(main + 2));
        b.addLocation(ProfileProto.Location.newBuilder().setId(1).addLine(ProfileProto.Line.newBuilder().setFunctionId(1)));
        b.addLocation(ProfileProto.Location.newBuilder().setId(2).addLine(ProfileProto.Line.newBuilder().setFunctionId(11)));
        more.accept(b);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            b.build().writeTo(gz);
        }
        return out.toByteArray();
    }

    static ProfileProto.Sample sample(List<Long> locationsLeafFirst, long... values) {
        ProfileProto.Sample.Builder s = ProfileProto.Sample.newBuilder().addAllLocationId(locationsLeafFirst);
        for (long v : values) {
            s.addValue(v);
        }
        return s.build();
    }

}
