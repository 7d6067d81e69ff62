package dev.flamediff.render.collapsed;

import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import java.util.ArrayList;
import java.util.List;

/** Builds profiles from folded lines with {@link CallTreeBuilder} directly, for renderer tests. */
final class FoldedTrees {

    private FoldedTrees() {
    }

    /** Returns a samples profile of the folded lines; kind suffixes become frame kinds. */
    static Profile profile(String source, List<String> lines) {
        CallTreeBuilder builder = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        try {
            for (String line : lines) {
                int space = line.lastIndexOf(' ');
                List<Frame> frames = new ArrayList<>();
                for (String name : line.substring(0, space).split(";", -1)) {
                    frames.add(frame(name));
                }
                builder.addStack(frames, Long.parseLong(line.substring(space + 1)));
            }
        } catch (LimitExceededException e) {
            throw new AssertionError(e);
        }
        return new Profile(builder.build(), ProfileMetadata.of(source, "collapsed", "cpu"));
    }

    static Frame frame(String text) {
        for (FrameKind kind : FrameKind.values()) {
            String suffix = kind.collapsedSuffix();
            if (!suffix.isEmpty() && text.endsWith(suffix)) {
                return new Frame(text.substring(0, text.length() - suffix.length()), kind);
            }
        }
        return Frame.of(text);
    }
}
