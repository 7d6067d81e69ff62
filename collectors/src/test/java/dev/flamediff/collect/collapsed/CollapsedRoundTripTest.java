package dev.flamediff.collect.collapsed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The law "collapsed to model to collapsed is lossless", over seeded random inputs. */
class CollapsedRoundTripTest {

    private static final String[] SUFFIXES = {"", "", "", "_[j]", "_[i]", "_[k]", "_[0]", "_[1]"};
    private static final String NAME_CHARS = "abcXYZ019 .$()<>:_-[]#";

    static String write(Profile p) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CollapsedWriter.write(p, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String randomName(Random r) {
        switch (r.nextInt(10)) {
            case 0:
                // Bracketed like a thread frame; a real one ([worker tid=101]) is normalized to the
                // thread's name, which is not lossless by design (its id changes from run to run).
                return "[worker-" + r.nextInt(3) + " t" + (100 + r.nextInt(3)) + "]";
            case 1:
                return "ns::Class" + r.nextInt(4) + "::method(int, char const*)";
            case 2:
                return (r.nextBoolean() ? "byte[]" : "java.lang.Object") + (r.nextBoolean() ? "_[i]" : "_[k]");
            default:
                StringBuilder sb = new StringBuilder();
                sb.append((char) ('a' + r.nextInt(3)));
                for (int i = r.nextInt(8); i > 0; i--) {
                    sb.append(NAME_CHARS.charAt(r.nextInt(NAME_CHARS.length())));
                }
                return sb + SUFFIXES[r.nextInt(SUFFIXES.length)];
        }
    }

    @Test
    void collapsedToModelToCollapsedIsLossless() throws Exception {
        Random r = new Random(4242);
        for (int round = 0; round < 200; round++) {
            List<String> pool = new ArrayList<>();
            for (int i = 2 + r.nextInt(12); i > 0; i--) {
                pool.add(randomName(r));
            }
            Map<String, Long> expected = new TreeMap<>();
            Set<String> zeroStacks = new HashSet<>();
            List<String> lines = new ArrayList<>();
            for (int i = 1 + r.nextInt(40); i > 0; i--) {
                StringBuilder stack = new StringBuilder();
                for (int d = 1 + r.nextInt(7); d > 0; d--) {
                    stack.append(stack.length() == 0 ? "" : ";").append(pool.get(r.nextInt(pool.size())));
                }
                long count = r.nextInt(10) == 0 ? 0 : 1 + (r.nextInt(5) == 0 ? r.nextLong() >>> 20 : r.nextInt(100));
                lines.add(stack + " " + count);
                expected.merge(stack.toString(), count, Long::sum);
                if (count == 0) {
                    zeroStacks.add(stack.toString());
                }
            }
            // Repeat some lines, shuffle, mix in blank lines and CRLF: none of it may change the result.
            for (int i = r.nextInt(5); i > 0; i--) {
                lines.add(r.nextBoolean() ? "" : lines.get(r.nextInt(lines.size())).replaceAll(" \\d+$", " 0"));
            }
            Collections.shuffle(lines, r);
            String input = String.join(r.nextBoolean() ? "\n" : "\r\n", lines);

            Profile first = CollapsedText.read(input);
            String written = write(first);
            Profile second = CollapsedText.read(written);
            String rewritten = write(second);

            assertThat(rewritten).as("round %d", round).isEqualTo(written);
            assertThat(CollapsedText.stacks(second.tree())).isEqualTo(CollapsedText.stacks(first.tree()));
            assertThat(second.tree().frames().frames()).containsExactlyInAnyOrderElementsOf(first.tree().frames().frames());

            Map<String, Long> nonZero = new TreeMap<>();
            Set<String> writtenStacks = new HashSet<>();
            List<String> writtenLines = written.lines().toList();
            for (String line : writtenLines) {
                int sep = line.lastIndexOf(' ');
                long value = Long.parseLong(line.substring(sep + 1));
                writtenStacks.add(line.substring(0, sep));
                if (value != 0) {
                    nonZero.put(line.substring(0, sep), value);
                }
            }
            expected.values().removeIf(v -> v == 0);
            assertThat(nonZero).as("round %d", round).isEqualTo(expected);
            assertThat(writtenLines).isSortedAccordingTo((a, b) ->
                    a.substring(0, a.lastIndexOf(' ')).compareTo(b.substring(0, b.lastIndexOf(' '))));
            for (String zero : zeroStacks) {
                boolean kept = writtenStacks.contains(zero)
                        || writtenStacks.stream().anyMatch(s -> s.startsWith(zero + ";"));
                assertThat(kept).as("zero-count stack %s is still a path", zero).isTrue();
            }
        }
    }

    @Test
    void modelsTheReaderCanMakeSurviveWritingAndReading() throws Exception {
        Random r = new Random(99);
        for (int round = 0; round < 100; round++) {
            CallTreeBuilder b = new CallTreeBuilder(List.of(ValueType.SAMPLES));
            List<Frame> frames = List.of(new Frame("java.lang.Thread.run", FrameKind.JIT),
                    new Frame("a b c", FrameKind.INLINED), new Frame("x", FrameKind.INTERPRETED),
                    new Frame("y z", FrameKind.C1), new Frame("do_syscall_64", FrameKind.KERNEL),
                    new Frame("JavaThread::run", FrameKind.CPP), new Frame("[main tid=1]", FrameKind.THREAD),
                    new Frame("start_thread", FrameKind.UNKNOWN), new Frame("x", FrameKind.UNKNOWN));
            for (int i = 1 + r.nextInt(30); i > 0; i--) {
                List<Frame> stack = new ArrayList<>();
                for (int d = 1 + r.nextInt(6); d > 0; d--) {
                    stack.add(frames.get(r.nextInt(frames.size())));
                }
                b.addStack(stack, 1 + r.nextInt(1000));
            }
            Profile model = new Profile(b.build(), ProfileMetadata.of("m", "collapsed", "samples"));
            // Read back byte for byte: normalized, [main tid=1] is the thread's name alone (as the
            // JFR readers name thread frames), which collapsed text cannot mark as a thread.
            Profile back = CollapsedText.read(write(model), ReadOptions.DEFAULT.withNormalizeNames(false));
            assertThat(CollapsedText.stacks(back.tree())).isEqualTo(CollapsedText.stacks(model.tree()));
        }
    }

    @Test
    void writesSortedLinesWithSuffixes() throws Exception {
        Profile p = CollapsedText.read("b;java/lang/Thread.run_[j];byte[]_[i] 2\na a;b_[k] 1\nb 3\n");
        assertThat(write(p)).isEqualTo("a a;b_[k] 1\nb 3\nb;java.lang.Thread.run_[j];byte[]_[i] 2\n");
    }

    @Test
    void refusesWhatTheFormatCannotHold() {
        CallTreeBuilder b = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        Profile semicolon = profile(b, new Frame("a;b", FrameKind.UNKNOWN));
        assertThatThrownBy(() -> write(semicolon)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'a;b'");
        CallTreeBuilder b2 = new CallTreeBuilder(List.of(ValueType.SAMPLES, ValueType.CPU_NANOS));
        Profile twoTypes = new Profile(b2.build(), ProfileMetadata.of("m", "jfr", "cpu"));
        assertThatThrownBy(() -> write(twoTypes)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("one value type");
        CallTreeBuilder b3 = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        b3.addSelf(0, 0, 5);
        Profile rootSelf = new Profile(b3.build(), ProfileMetadata.of("m", "jfr", "cpu"));
        assertThatThrownBy(() -> write(rootSelf)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("root");
    }

    private static Profile profile(CallTreeBuilder b, Frame frame) {
        try {
            b.addStack(List.of(frame), 1);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        return new Profile(b.build(), ProfileMetadata.of("m", "collapsed", "samples"));
    }
}
