package dev.flamediff.testkit;

import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Builds profiles from hand-written folded lines ({@code frame;frame;...;frame count}) with the
 * model's {@link CallTreeBuilder} directly, without a reader, for the tests of the stages after
 * reading. A frame's kind is written as async-profiler writes it ({@code Parser.parse_[j]}), or
 * as {@code name@KIND} for the kinds that have no suffix ({@code GCTaskThread::run@CPP}); any
 * other frame is of unknown kind. Or from stacks already made of frames ({@link #of}).
 */
public final class FoldedProfiles {

    private FoldedProfiles() {
    }

    /** Returns a profile of the lines with the one value type given, read as a collapsed file named {@code source}. */
    public static Profile profile(String source, ValueType type, List<String> lines) {
        CallTreeBuilder builder = new CallTreeBuilder(List.of(type));
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
            throw new IllegalArgumentException(e);
        }
        return new Profile(builder.build(), ProfileMetadata.of(source, "collapsed", "cpu"));
    }

    /** As {@link #profile(String, ValueType, List)}. */
    public static Profile profile(String source, ValueType type, String... lines) {
        return profile(source, type, Arrays.asList(lines));
    }

    /**
     * Returns a profile of stacks given as frames (root-side first), each with one value per value
     * type, added in the map's order, under the given metadata.
     */
    public static Profile of(ProfileMetadata metadata, List<ValueType> types, Map<List<Frame>, long[]> stacks) {
        CallTreeBuilder builder = new CallTreeBuilder(types);
        try {
            for (Map.Entry<List<Frame>, long[]> e : stacks.entrySet()) {
                builder.addStack(e.getKey(), e.getValue());
            }
        } catch (LimitExceededException e) {
            throw new IllegalArgumentException(e);
        }
        return new Profile(builder.build(), metadata);
    }

    /** Returns the frame a folded frame's text names. */
    public static Frame frame(String text) {
        int at = text.lastIndexOf('@');
        if (at > 0) {
            String kind = text.substring(at + 1);
            for (FrameKind k : FrameKind.values()) {
                if (k.name().equals(kind)) {
                    return new Frame(text.substring(0, at), k);
                }
            }
        }
        for (FrameKind kind : FrameKind.values()) {
            String suffix = kind.collapsedSuffix();
            if (!suffix.isEmpty() && text.endsWith(suffix)) {
                return new Frame(text.substring(0, text.length() - suffix.length()), kind);
            }
        }
        return Frame.of(text);
    }
}
