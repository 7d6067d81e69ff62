package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Frames match across profiles by name; how a Java method ran does not split it. */
class FrameKindMatchingTest {

    private static Frame f(String name, FrameKind kind) {
        return new Frame(name, kind);
    }

    private static Profile profile(String source, Object... stacksAndCounts) throws Exception {
        CallTreeBuilder b = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        for (int i = 0; i < stacksAndCounts.length; i += 2) {
            @SuppressWarnings("unchecked")
            List<Frame> stack = (List<Frame>) stacksAndCounts[i];
            b.addStack(stack, (Long) stacksAndCounts[i + 1]);
        }
        return new Profile(b.build(), ProfileMetadata.of(source, "test", "cpu"));
    }

    private static List<String> lines(DiffTree d) {
        List<String> out = new ArrayList<>();
        for (int n = 1; n < d.size(); n++) {
            out.add("  ".repeat(d.depth(n) - 1) + d.frame(n).name() + " " + d.frame(n).kind() + " "
                    + (long) d.baseTotal(n) + "->" + (long) d.headTotal(n) + " " + d.status(n));
        }
        return out;
    }

    @Test
    void aMethodCompiledInOneRunAndInterpretedInTheOtherIsOneCommonFrame() throws Exception {
        Profile base = profile("base", List.of(f("main", FrameKind.INTERPRETED), f("work", FrameKind.JIT)), 10L);
        Profile head = profile("head", List.of(f("main", FrameKind.INTERPRETED), f("work", FrameKind.INTERPRETED)), 30L);

        DiffTree d = Diffs.diff(base, head, DiffOptions.DEFAULT);

        assertThat(lines(d)).containsExactly(
                "main INTERPRETED 10->30 COMMON",
                "  work INTERPRETED 10->30 COMMON");
    }

    @Test
    void siblingsThatDifferOnlyInJavaKindAreMergedWithTheirChildren() throws Exception {
        Profile base = profile("base",
                List.of(f("main", FrameKind.JIT), f("work", FrameKind.JIT), f("leaf", FrameKind.INLINED)), 5L,
                List.of(f("main", FrameKind.JIT), f("work", FrameKind.INTERPRETED), f("leaf", FrameKind.INTERPRETED)), 2L,
                List.of(f("main", FrameKind.JIT), f("work", FrameKind.C1), f("other", FrameKind.JIT)), 1L);
        Profile head = profile("head",
                List.of(f("main", FrameKind.JIT), f("work", FrameKind.JIT), f("leaf", FrameKind.JIT)), 8L);

        DiffTree d = Diffs.diff(base, head, DiffOptions.DEFAULT);

        assertThat(lines(d)).containsExactly(
                "main JIT 8->8 COMMON",
                "  work JIT 8->8 COMMON",
                "    leaf JIT 7->8 COMMON",
                "    other JIT 1->0 REMOVED");
    }

    @Test
    void kernelAndThreadFramesMatchOnlyTheirOwnKind() throws Exception {
        Profile base = profile("base", List.of(f("memcpy", FrameKind.KERNEL)), 4L);
        Profile head = profile("head", List.of(f("memcpy", FrameKind.NATIVE)), 4L);

        DiffTree d = Diffs.diff(base, head, DiffOptions.DEFAULT);

        assertThat(lines(d)).containsExactly(
                "memcpy NATIVE 0->4 ADDED",
                "memcpy KERNEL 4->0 REMOVED");
    }
}
